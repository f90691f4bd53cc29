package chess

import "testing"

// The example keys published with the Polyglot book format.
func TestHashPolyglot(t *testing.T) {
	for _, c := range []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	} {
		p := play(t, StartPosition(), c.moves...)
		if got := p.Hash(); got != c.key {
			t.Errorf("after %v: %016x, want %016x", c.moves, got, c.key)
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q.Hash() != c.key {
			t.Errorf("after %v: hash from FEN differs", c.moves)
		}
	}
}

// R1b: a pawn pinned to its king cannot take en passant, so the position
// equals the one without the en passant square.
func TestIdentity_R1b_PinnedEnPassant(t *testing.T) {
	// Black pawn d4 is pinned by the rook a4 against the king h4 after e2-e4.
	before := mustFEN(t, "8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1")
	after := play(t, before, "e4")
	if after.EnPassant() != E3 {
		t.Fatalf("the ep square should be stored (a pawn stands beside): %s", after.FEN())
	}
	same := mustFEN(t, "8/8/8/8/R2pP2k/8/8/4K3 b - - 0 1")
	if after.Identity() != same.Identity() || after.IdentityKey() != same.IdentityKey() {
		t.Error("illegal en passant must not change the identity")
	}
	if after.Hash() == same.Hash() {
		t.Error("Polyglot keys do count a pseudo-legal en passant square")
	}
	// Unpinned, the capture is legal and the positions differ.
	free := play(t, mustFEN(t, "8/8/8/8/3p3k/8/4P3/R3K3 w - - 0 1"), "e4")
	free2 := mustFEN(t, "8/8/8/8/3pP2k/8/8/R3K3 b - - 0 1")
	if free.Identity() == free2.Identity() || free.IdentityKey() == free2.IdentityKey() {
		t.Error("a legal en passant capture is part of the identity")
	}
}

// R1a: castling rights are part of the identity; counters are not.
func TestIdentity_R1a_CastlingRightsCount(t *testing.T) {
	a := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	b := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1")
	c := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30")
	if a.Identity() == b.Identity() || a.IdentityKey() == b.IdentityKey() {
		t.Error("positions with different castling rights are different")
	}
	if a.Identity() != c.Identity() || a.IdentityKey() != c.IdentityKey() {
		t.Error("move counters are not part of the identity")
	}
}

func TestIdentityKeyFollowsMoves(t *testing.T) {
	// The incremental key equals the key computed from scratch along a game.
	p := StartPosition()
	for _, s := range []string{"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5", "Nb3", "Be6", "f3", "Be7", "Qd2", "O-O", "O-O-O", "Nbd7", "g4", "b5", "g5", "b4", "Ne2", "Ne8", "f4", "a5", "f5", "a4", "Nbd4", "exd4", "Nxd4", "b3", "Kb1", "bxc2+", "Nxc2", "Bb3", "axb3", "axb3"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p = p.Play(m)
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if p.Hash() != q.Hash() || p.IdentityKey() != q.IdentityKey() || p.Identity() != q.Identity() {
			t.Fatalf("after %s: keys differ from the FEN's", s)
		}
	}
}
