package chess

import "testing"

func TestSANFormat(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", "axb8=R+"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
		// Knights on b1 and f3 both reach d2: file disambiguation.
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		// Rooks on a1 and a5 both reach a3: rank disambiguation.
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		// Queens on h4, e4, h1 reach e1: a square is needed for h4.
		{"8/k7/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
		// A pinned knight does not count as a second candidate.
		{"k7/4r3/8/8/8/2N1N3/8/4K3 w - - 0 1", "c3d5", "Nd5"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#"},
		{"7k/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O"},
		{"k7/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8", "Rh8+"},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Errorf("%s: %v", c.uci, err)
			continue
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
		back, err := p.ParseSAN(c.san)
		if err != nil || back != m {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", c.fen, c.san, back, err, m)
		}
	}
}

func TestSANLenientParse(t *testing.T) {
	castle := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	promo := mustFEN(t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	ep := mustFEN(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	for _, c := range []struct {
		p        *Position
		san, uci string
	}{
		{castle, "0-0", "e1g1"},
		{castle, "0-0-0", "e1c1"},
		{castle, "O-O+", "e1g1"},
		{castle, "O-O-O!?", "e1c1"},
		{StartPosition(), "Nf3!?", "g1f3"},
		{StartPosition(), "Ngf3", "g1f3"},
		{StartPosition(), "Ng1f3", "g1f3"},
		{StartPosition(), "Ng1-f3", "g1f3"},
		{StartPosition(), "N1f3", "g1f3"},
		{StartPosition(), "e2e4", "e2e4"},
		{StartPosition(), "e2-e4", "e2e4"},
		{StartPosition(), "Pe4", "e2e4"},
		{StartPosition(), "e4?!", "e2e4"},
		{promo, "a8Q", "a7a8q"},
		{promo, "a8=Q+", "a7a8q"},
		{promo, "a8q", "a7a8q"},
		{promo, "a8(Q)", "a7a8q"},
		{promo, "axb8N", "a7b8n"},
		{promo, "ab8=N", "a7b8n"},
		{promo, "a7xb8=B", "a7b8b"},
		{ep, "exd6 e.p.", "e5d6"},
		{ep, "exd6e.p.", "e5d6"},
		{ep, "ed6", "e5d6"},
		{ep, "e5xd6", "e5d6"},
	} {
		m, err := c.p.ParseSAN(c.san)
		if err != nil {
			t.Errorf("%q: %v", c.san, err)
			continue
		}
		if got := c.p.UCI(m); got != c.uci {
			t.Errorf("%q read as %s, want %s", c.san, got, c.uci)
		}
	}
}

func TestSANErrors(t *testing.T) {
	two := mustFEN(t, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	for _, c := range []struct {
		p   *Position
		san string
	}{
		{StartPosition(), "e5"},
		{StartPosition(), "Nf4"},
		{StartPosition(), "O-O"},
		{StartPosition(), ""},
		{StartPosition(), "Xe4"},
		{StartPosition(), "e"},
		{StartPosition(), "zz9"},
		{two, "Nd2"}, // ambiguous
		{mustFEN(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a8"},
		{mustFEN(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a8=K"},
	} {
		if m, err := c.p.ParseSAN(c.san); err == nil {
			t.Errorf("%q read as %v, want an error", c.san, m)
		} else if _, ok := err.(*MoveError); !ok {
			t.Errorf("%q: error type %T", c.san, err)
		}
	}
}

func TestUCIErrors(t *testing.T) {
	for _, s := range []string{"", "e2", "e2e5", "e7e8q", "e2e4k", "i2i4", "e2e4Q", "0000"} {
		if _, err := StartPosition().ParseUCI(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

// Every legal move of many positions survives SAN and UCI round trips.
func TestSANUCIRoundTripOnSuite(t *testing.T) {
	for _, c := range loadSuite(t, "perftsuite.epd") {
		p, _, err := ParseFENWith(c.FEN, Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
				t.Errorf("%s: SAN %s -> %v %v", c.FEN, p.SAN(m), back, err)
			}
			if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
				t.Errorf("%s: UCI %s -> %v %v", c.FEN, p.UCI(m), back, err)
			}
		}
	}
}

// TestParseSAN_LowercaseBishopPromotion: in lenient SAN a lower-case
// promotion letter after the rank or after "=" names the piece, b a bishop
// as q a queen; a b before the destination is still the b-file.
func TestParseSAN_LowercaseBishopPromotion(t *testing.T) {
	p := mustFEN(t, "r3k3/1P5P/8/8/8/8/8/4K3 w - - 0 1")
	for _, c := range []struct{ san, uci string }{
		{"h8=b", "h7h8b"},
		{"h8=b+", "h7h8b"},
		{"h8b", "h7h8b"},
		{"h8/b", "h7h8b"},
		{"h8(b)", "h7h8b"},
		{"h8=B", "h7h8b"},
		{"h8=q", "h7h8q"},
		{"h8=n", "h7h8n"},
		{"h8=r", "h7h8r"},
		{"h7h8=b", "h7h8b"},
		{"b8=b", "b7b8b"},
		{"b8b", "b7b8b"},
		{"bxa8=b", "b7a8b"},
		{"bxa8=Q", "b7a8q"},
		{"bxa8b", "b7a8b"},
		{"ba8=b", "b7a8b"},
		{"bxa8=n", "b7a8n"},
	} {
		m, err := p.ParseSAN(c.san)
		if err != nil {
			t.Errorf("%q: %v", c.san, err)
			continue
		}
		if got := p.UCI(m); got != c.uci {
			t.Errorf("%q read as %s, want %s", c.san, got, c.uci)
		}
		if q, ok := p.QuickSAN(c.san); ok && q != m {
			t.Errorf("%q: QuickSAN %s, ParseSAN %s", c.san, p.UCI(q), c.uci)
		}
	}
	for _, san := range []string{"h8=", "h8=k", "h8=p", "h8=x", "bxa8", "h8=bb", "=b"} {
		if m, err := p.ParseSAN(san); err == nil {
			t.Errorf("%q read as %s, want an error", san, p.UCI(m))
		}
	}
}
