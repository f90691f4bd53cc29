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
		{"uscf", true, true, false, 120, 0, 10, 120, false, FlagInsufficientMaterial, false},
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

func ExampleLookup() {
	r, _ := Lookup("uscf")
	fmt.Println(r.Title, r.RookFirstMayCastle, r.IllegalMoveBonus)
	// Output: US Chess Federation Official Rules true 120
}
