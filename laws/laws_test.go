package laws

import (
	"fmt"
	"testing"
)

// The table of laws S, row by row.
func TestRuleSets_S_Table(t *testing.T) {
	for _, c := range []struct {
		name                   string
		touch, rookFirst, vert bool
		bonus, lose, stands    int
		claimBonus             int
		arbiterIllegal         bool
		flag                   string
		provisos               bool // 5.1.2 and 5.2.3
	}{
		{"fide", true, false, false, 120, 2, 0, 120, true, FlagCannotMate, true},
		{"fide-rapid", true, false, false, 60, 2, 1, 60, true, FlagCannotMate, true},
		{"fide-blitz", true, false, false, 60, 2, 1, 60, true, FlagCannotMate, true},
		{"uscf", true, true, false, 120, 0, 10, 120, true, FlagInsufficientMaterial, false},
		{"casual", false, true, false, 0, 0, 1, 0, false, FlagCannotMate, true},
		{"fide-1971", true, false, true, 120, 2, 0, 120, true, FlagCannotMate, true},
	} {
		r, err := Lookup(c.name)
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprint(r.TouchMove, r.RookFirstMayCastle, r.VerticalCastling, r.IllegalMoveBonus, r.IllegalMovesToLose, r.IllegalStandsAfter, r.IncorrectClaimBonus, r.ArbiterActsWithoutClaim, r.ArbiterActsOnIllegal, r.FlagRule, r.ResignationProviso, r.AgreementProviso)
		want := fmt.Sprint(c.touch, c.rookFirst, c.vert, c.bonus, c.lose, c.stands, c.claimBonus, false, c.arbiterIllegal, c.flag, c.provisos, c.provisos)
		if got != want {
			t.Errorf("%s: %s, want %s", c.name, got, want)
		}
		if r.Name != c.name || r.Title == "" || len(r.Sources) == 0 {
			t.Errorf("%s: name, title and sources are required", c.name)
		}
	}
	if len(Names()) != 6 {
		t.Errorf("names: %v", Names())
	}
	if r, err := Lookup(""); err != nil || r.Name != "fide" {
		t.Error("the default rule set is fide")
	}
	if _, err := Lookup("fischer-1850"); err == nil {
		t.Error("unknown rule set accepted")
	}
}

// The event's regime (laws S, I5, I7): full supervision applies the
// Competition Rules in full (A.4 for rapid, B.2 for blitz: illegal moves
// ruled on when completed; the blitz bonus back to two minutes, as B.2
// does not bring in A.3); partial supervision is the default (A.5, B.3);
// US Chess variation 11H1 makes the director a witness only.
func TestS_A_4_B_2_11H1_Regime(t *testing.T) {
	r, err := FIDERapid.Under(SupervisionFull, nil)
	if err != nil || r.IllegalStandsAfter != 0 || r.IllegalMoveBonus != 60 || r.IncorrectClaimBonus != 60 || r.IllegalPositionDraw || r.StandsArticle != "" || r.SetupClaimsUntil != 0 || FIDERapid.SetupClaimsUntil != 10 {
		t.Errorf("rapid under A.4: %+v %v", r, err)
	}
	r, err = FIDEBlitz.Under(SupervisionFull, nil)
	if err != nil || r.IllegalStandsAfter != 0 || r.IllegalMoveBonus != 120 || r.IncorrectClaimBonus != 120 {
		t.Errorf("blitz under B.2: %+v %v", r, err)
	}
	if r, err := FIDEBlitz.Under(SupervisionPartial, nil); err != nil || r.IllegalStandsAfter != 1 || r.IllegalMoveBonus != 60 || !r.IllegalPositionDraw {
		t.Errorf("blitz under B.3: %+v %v", r, err)
	}
	if r, err := FIDE.Under(SupervisionFull, nil); err != nil || r.Name != "fide" || r.IllegalStandsAfter != 0 {
		t.Errorf("standard play is fully supervised: %+v %v", r, err)
	}
	for _, c := range []struct {
		r   RuleSet
		sup string
	}{{FIDE, SupervisionPartial}, {USCF, SupervisionFull}, {Casual, SupervisionFull}, {FIDERapid, "half"}} {
		if _, err := c.r.Under(c.sup, nil); err == nil {
			t.Errorf("%s under %q accepted", c.r.Name, c.sup)
		}
	}
	r, err = USCF.Under("", []string{"11H1"})
	if err != nil || r.ArbiterActsOnIllegal || !USCF.ArbiterActsOnIllegal || USCF.ArbiterQuietSeconds != 300 {
		t.Errorf("11H1: %+v %v", r, err)
	}
	if _, err := FIDE.Under("", []string{"11H1"}); err == nil {
		t.Error("11H1 accepted under fide")
	}
}

func ExampleLookup() {
	r, _ := Lookup("uscf")
	fmt.Println(r.Title, r.RookFirstMayCastle, r.IllegalMoveBonus)
	// Output: US Chess Federation Official Rules true 120
}
