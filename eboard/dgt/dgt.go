// Package dgt speaks the serial protocol of DGT electronic chess boards:
// 9600 baud, 8 data bits, no parity, one stop bit.
//
// The computer sends one-byte commands (Reset, SendBoard, UpdateBoard,
// SerialNumber, Version...). The board answers with messages of a
// three-byte header — the message id with its top bit set, then the total
// size (header included) in two 7-bit bytes, size = b1<<7 | b2 — and data
// bytes whose top bit is always clear. A board dump (0x86) lists the 64
// squares from a8 to h1; a field update (0x8e) gives one square and its
// new piece code (0 empty, white P R N B K Q 1–6, black 7–12). Squares are
// numbered as in the dump: 0 = a8, 7 = h8, 56 = a1, 63 = h1.
//
// Parse and the Encode functions are pure and work on byte strings. A
// Parser cuts a stream into messages: garbage, truncated messages and
// wrong sizes are skipped, and it picks up again at the next valid header
// (a header byte is the only byte with its top bit set, so a message
// interrupted by one is known to be broken). Board drives a real board on
// a serial port, or any byte stream; Sim plays a scripted game as if it
// were a board, for tests and demonstrations on a pseudo-terminal; LEDs
// lights the squares of a DGT Revelation II.
//
// Clocks: a clock plugged into the board (DGT XL, DGT3000) reports its
// times and whose turn it is in clock messages (0x8d) when the board is in
// UpdateAll mode, at least every second; a change of the player whose
// turn it is shows a press. Watch passes the times on in its events (laws
// K5: they are the clock of record). The computer sets the clock with
// clock commands (0x2b, see EncodeClockCommand and SetNRun), which the
// clock acknowledges in a clock message of another form (ClockAck), one
// command at a time (Board.ClockCommand, SetClock, ClockVersion). What
// this package takes from DGT's protocol header about the clock is listed
// in clock.go. Displaying text and icons is not done here.
package dgt

import "github.com/arbiterchess/arbiter/chess"

// Commands from the computer to the board.
const (
	Reset          byte = 0x40 // back to idle: no more updates
	SendClock      byte = 0x41 // answer with a clock message
	SendBoard      byte = 0x42 // answer with a board dump
	UpdateAll      byte = 0x43 // send field updates as they happen, and clock messages at least every second
	UpdateBoard    byte = 0x44 // send field updates as they happen
	SerialNumber   byte = 0x45 // answer with the serial number (five digits)
	LongSerial     byte = 0x55 // answer with the long serial number (ten characters), on the boards that know it
	Version        byte = 0x4d // answer with the firmware version
	SetLEDs        byte = 0x60 // Revelation II: switch LEDs (five more bytes, see LEDCommand)
	messageBit     byte = 0x80
	ledsEndMessage byte = 0x00
)

// Message ids from the board to the computer, top bit set.
const (
	MsgBoardDump    byte = 0x86
	MsgClock        byte = 0x8d
	MsgFieldUpdate  byte = 0x8e
	MsgEEMoves      byte = 0x8f
	MsgBusAddress   byte = 0x90
	MsgSerialNumber byte = 0x91
	MsgTrademark    byte = 0x92
	MsgVersion      byte = 0x93
	MsgDump50B      byte = 0x94
	MsgDump50W      byte = 0x95
	MsgBattery      byte = 0xa0
	MsgLongSerial   byte = 0xa2
)

// Field is a square in DGT numbering: 0 = a8, 1 = b8, ..., 63 = h1.
type Field uint8

// FieldOf returns the DGT number of a square.
func FieldOf(sq chess.Square) Field {
	return Field((7-sq.Rank())*8 + sq.File())
}

// Square returns the square a field number stands for.
func (f Field) Square() chess.Square {
	return chess.NewSquare(int(f&7), 7-int(f&63)/8)
}

// Code is a DGT piece code: 0 empty, 1–6 white pawn, rook, knight, bishop,
// king, queen, 7–12 the same in black, 13–15 the "magic pieces" of DGT
// (used for game results), which this package reads as a piece the board
// cannot identify (Unidentified).
type Code byte

// The piece codes.
const (
	Empty       Code = 0
	WhitePawn   Code = 1
	WhiteRook   Code = 2
	WhiteKnight Code = 3
	WhiteBishop Code = 4
	WhiteKing   Code = 5
	WhiteQueen  Code = 6
	BlackPawn   Code = 7
	BlackRook   Code = 8
	BlackKnight Code = 9
	BlackBishop Code = 10
	BlackKing   Code = 11
	BlackQueen  Code = 12
	// Unidentified is a piece whose identity the board does not know.
	// DGT calls code 13 a magic piece; the simulator sends it for the
	// pieces of a script of an occupancy-only board.
	Unidentified Code = 13
)

var codePieces = [13]chess.Piece{
	chess.NoPiece,
	chess.WhitePawn, chess.WhiteRook, chess.WhiteKnight, chess.WhiteBishop, chess.WhiteKing, chess.WhiteQueen,
	chess.BlackPawn, chess.BlackRook, chess.BlackKnight, chess.BlackBishop, chess.BlackKing, chess.BlackQueen,
}

// CodeOf returns the code of a piece (Empty for chess.NoPiece).
func CodeOf(p chess.Piece) Code {
	for c, q := range codePieces {
		if q == p {
			return Code(c)
		}
	}
	return Unidentified
}

// Piece returns the piece of the code: chess.NoPiece for an empty square
// and for a piece the board cannot identify.
func (c Code) Piece() chess.Piece {
	if int(c) < len(codePieces) {
		return codePieces[c]
	}
	return chess.NoPiece
}

// Occupied reports whether the code stands for a piece.
func (c Code) Occupied() bool { return c != Empty && c <= 15 }

// Known reports whether the code names a chess piece.
func (c Code) Known() bool { return c >= WhitePawn && c <= BlackQueen }

// Board64 is the content of the 64 fields, indexed by Field.
type Board64 [64]Code

// PositionBoard returns the fields as they stand in pos.
func PositionBoard(pos *chess.Position) Board64 {
	var b Board64
	for sq := range chess.Square(64) {
		b[FieldOf(sq)] = CodeOf(pos.PieceAt(sq))
	}
	return b
}

// Differences lists the squares where b and want differ. An unidentified
// piece matches any piece.
func (b Board64) Differences(want Board64) []chess.Square {
	var out []chess.Square
	for f := range Field(64) {
		x, y := b[f], want[f]
		if x == y || x.Occupied() && y.Occupied() && (!x.Known() || !y.Known()) {
			continue
		}
		out = append(out, f.Square())
	}
	return out
}
