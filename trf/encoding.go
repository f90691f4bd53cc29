package trf

import (
	"fmt"
	"unicode/utf8"
)

// The encodings a TRF file is read in: see Tournament.Encoding.
const (
	UTF8        = "UTF-8"
	Windows1252 = "Windows-1252"
)

// cp1252 maps the bytes 0x80-0x9F of Windows-1252 to their characters.
// The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
// 0x9D) map to the C1 control of the same number, so that every byte
// has a character and back: decoding then encoding gives the input.
var cp1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// cp1252Back is the reverse of cp1252.
var cp1252Back = func() map[rune]byte {
	m := make(map[rune]byte, 32)
	for i, r := range cp1252 {
		m[r] = byte(0x80 + i)
	}
	return m
}()

// decodeByte returns the Windows-1252 character of b.
func decodeByte(b byte) rune {
	if b >= 0x80 && b <= 0x9F {
		return cp1252[b-0x80]
	}
	return rune(b)
}

// encodeRune returns the Windows-1252 byte of r, and false when
// Windows-1252 has none.
func encodeRune(r rune) (byte, bool) {
	if b, ok := cp1252Back[r]; ok {
		return b, true
	}
	if r < 0x80 || r >= 0xA0 && r <= 0xFF {
		return byte(r), true
	}
	return 0, false
}

// DecodeWindows1252 reads b as Windows-1252 (a superset of Latin-1 in its
// printable range, the "ANSI" encoding in which Swiss-Manager and other
// Windows programs write their files) and returns the text in UTF-8.
// EncodeWindows1252 gives b back.
func DecodeWindows1252(b []byte) string {
	out := make([]rune, len(b))
	for i, c := range b {
		out[i] = decodeByte(c)
	}
	return string(out)
}

// EncodeWindows1252 writes s in Windows-1252. It fails on a character
// that Windows-1252 cannot write, naming its position in characters.
func EncodeWindows1252(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	n := 0
	for _, r := range s {
		n++
		b, ok := encodeRune(r)
		if !ok {
			return nil, fmt.Errorf("trf: character %d, %q, cannot be written in Windows-1252", n, r)
		}
		out = append(out, b)
	}
	return out, nil
}

// Encoding returns the encoding the file was read in: UTF8 for a file
// that is valid UTF-8 (with or without a byte order mark), Windows1252
// for any other. Write writes the file back in the same encoding.
func (t *Tournament) Encoding() string {
	if t.bytesMode {
		return Windows1252
	}
	return UTF8
}

// IsUTF8 reports whether data would be read as UTF-8 by Parse.
func IsUTF8(data []byte) bool { return utf8.Valid(data) }
