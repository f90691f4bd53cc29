package cli

import (
	"bytes"
	"fmt"
	"os"
)

// CheckManPage compares the manual page in file with the one p writes
// (Man), and with update writes it there instead: the programs' tests keep
// packaging/man equal to what the programs say. It returns a description
// of the difference, or nil.
func CheckManPage(p *Program, file string, update bool) error {
	var b bytes.Buffer
	p.Man(&b)
	if update {
		return os.WriteFile(file, b.Bytes(), 0o644)
	}
	old, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("%v (write it with go test -run TestManPage -update-man)", err)
	}
	if !bytes.Equal(old, b.Bytes()) {
		return fmt.Errorf("%s differs from what %s --help says: write it again with go test -run TestManPage -update-man", file, p.Name)
	}
	return nil
}
