package cli

import (
	"fmt"
	"io"
	"strings"
)

// Man writes the program's manual page (roff, section 1): its summary and
// description, and for each command its summary and the whole of its
// --help (synopsis, flags with their defaults and environment variables,
// examples), so that the page says what the program says. Packages carry
// the pages this writes (packaging/man, kept equal to it by a test).
func (p *Program) Man(w io.Writer) {
	upper := strings.ToUpper(p.Name)
	fmt.Fprintf(w, ".TH %s 1 \"\" \"%s\" \"User Commands\"\n", upper, roffText(p.Name))
	fmt.Fprintln(w, ".SH NAME")
	fmt.Fprintf(w, "%s \\- %s\n", roffText(p.Name), roffText(p.Summary))
	fmt.Fprintln(w, ".SH SYNOPSIS")
	fmt.Fprintf(w, ".B %s\n.I COMMAND\n[flags] [operands]\n.br\n", roffText(p.Name))
	fmt.Fprintf(w, ".B %s\n.I COMMAND\n\\-\\-help\n.br\n", roffText(p.Name))
	fmt.Fprintf(w, ".B %s\n\\-\\-version\n", roffText(p.Name))
	if p.About != "" {
		fmt.Fprintln(w, ".SH DESCRIPTION")
		roffParagraphs(w, p.About)
		fmt.Fprintln(w, ".PP")
		fmt.Fprintln(w, "Flags may come before or after the operands; \\-\\- ends the flags. A flag")
		fmt.Fprintln(w, "shown with [$NAME] is read from that environment variable when the command")
		fmt.Fprintln(w, "line does not give it.")
	}
	fmt.Fprintln(w, ".SH COMMANDS")
	for _, name := range sortedKeys(p.Commands) {
		c := p.Commands[name]
		fmt.Fprintf(w, ".SS %s\n", roffText(name))
		fmt.Fprintln(w, roffLine(c.Summary))
		var out, help strings.Builder
		c.Run([]string{"--help"}, strings.NewReader(""), &out, &help)
		fmt.Fprintln(w, ".PP\n.nf\n.RS 4")
		for _, l := range strings.Split(strings.TrimRight(help.String(), "\n"), "\n") {
			fmt.Fprintln(w, roffLine(l))
		}
		fmt.Fprintln(w, ".RE\n.fi")
	}
	if len(p.Elsewhere) > 0 {
		fmt.Fprintln(w, ".PP")
		var other []string
		for _, n := range sortedKeys(p.Elsewhere) {
			other = append(other, n+": "+p.Elsewhere[n])
		}
		fmt.Fprintln(w, roffLine("Elsewhere: "+strings.Join(other, "; ")+"."))
	}
	if len(p.ExitStatus) > 0 {
		fmt.Fprintln(w, ".SH EXIT STATUS")
		for i, s := range p.ExitStatus {
			if i > 0 {
				fmt.Fprintln(w, ".PP")
			}
			fmt.Fprintln(w, roffLine(s))
		}
	}
	if len(p.SeeAlso) > 0 {
		fmt.Fprintln(w, ".SH SEE ALSO")
		for i, s := range p.SeeAlso {
			name, section, ok := strings.Cut(strings.TrimSuffix(s, ")"), "(")
			sep := ","
			if i == len(p.SeeAlso)-1 {
				sep = ""
			}
			if ok {
				fmt.Fprintf(w, ".BR %s (%s)%s\n", roffText(name), section, sep)
			} else {
				fmt.Fprintln(w, roffLine(s+sep))
			}
		}
	}
}

// roffParagraphs writes text whose paragraphs are separated by blank
// lines.
func roffParagraphs(w io.Writer, text string) {
	for i, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if i > 0 {
			fmt.Fprintln(w, ".PP")
		}
		for _, l := range strings.Split(para, "\n") {
			fmt.Fprintln(w, roffLine(l))
		}
	}
}

// roffText escapes text for roff: backslashes, and hyphens as the minus
// signs a command line types.
func roffText(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	return strings.ReplaceAll(s, "-", `\-`)
}

// roffLine escapes a line of text, which roff must not read as a request
// (a line that starts with a dot or an apostrophe).
func roffLine(s string) string {
	s = roffText(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
