package chess

// Color is the colour of a side or a piece: White or Black.
type Color uint8

// The two colours. White is zero so that a zero Color means White.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// ParseColor reads "white"/"w" or "black"/"b".
func ParseColor(s string) (Color, bool) {
	switch s {
	case "white", "w", "White":
		return White, true
	case "black", "b", "Black":
		return Black, true
	}
	return White, false
}
