package pgn

import (
	"errors"
	"io"
	"iter"
)

// All returns the games of the stream, for range, in the manner of Read:
//
//	for g, err := range pgn.NewReader(f).All() {
//		if err != nil {
//			log.Print(err) // a *SyntaxError: the next game follows
//			continue
//		}
//		fmt.Println(g.Tag("White"), "-", g.Tag("Black"))
//	}
//
// A malformed game gives a nil game and its *SyntaxError, and the games
// after it follow; a failure to read the input (any other error) is given
// once and ends the sequence; the end of the input ends it without an
// error. It costs what Read costs: the iterator itself allocates nothing
// per game (BenchmarkReaderAll).
func (r *Reader) All() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := r.Read()
			if err == io.EOF {
				return
			}
			if !yield(g, err) {
				return
			}
			if err != nil && !isSyntax(err) {
				return
			}
		}
	}
}

// isSyntax reports whether err is a *SyntaxError (a malformed game, after
// which reading goes on).
func isSyntax(err error) bool {
	var se *SyntaxError
	return errors.As(err, &se)
}
