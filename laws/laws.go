// Package laws holds the rule sets the arbiter applies, as data: a rule set
// is a named bundle of parameters (laws S), so a tournament picks one and a
// new federation's rules are a new value, not new code paths.
//
// The parameters come from the FIDE Laws of Chess in force from 1 January
// 2023 (Articles 4, 7.5 and 9.5, Appendices A and B), the US Chess Federation's
// Official Rules of Chess (7th edition, rules 10 and 11) and the FIDE Laws
// before 1972 for the historical set.
package laws

import (
	"fmt"
	"sort"
	"strings"
)

// RuleSet is a named bundle of the parameters of the laws that differ
// between federations and time controls.
type RuleSet struct {
	// Name is the rule set's identifier ("fide", "uscf", ...).
	Name string
	// Title says in a few words what the rule set is.
	Title string
	// Sources names the texts the parameters come from.
	Sources []string

	// TouchMove: Article 4 applies (a touched piece must be moved or
	// captured). Off for casual play.
	TouchMove bool
	// RookFirstMayCastle (T4d): a player who intends to castle and touches
	// the rook first may still castle (US Chess). Under FIDE the rook must
	// then be moved (4.4.2).
	RookFirstMayCastle bool
	// VerticalCastling (C6): castling along the file with a rook promoted
	// on the king's file, as the laws before 1972 allowed.
	VerticalCastling bool
	// ResignationProviso (5.1.2, new in 2023; laws R6): a player who
	// resigns loses, unless the opponent cannot checkmate by any series
	// of legal moves, and then the game is drawn. Off: a resignation
	// always loses (US Chess).
	ResignationProviso bool
	// AgreementProviso (5.2.3, 2023; laws R7): a draw may be agreed only
	// once both players have made at least one move. Off: at any time.
	AgreementProviso bool

	// IllegalMoveBonus is the time in seconds the opponent receives for a
	// completed illegal move (7.5.5; Appendices A and B).
	IllegalMoveBonus int
	// IllegalMovesToLose is the number of completed illegal moves that
	// loses the game (7.5.5); 0 means never.
	IllegalMovesToLose int
	// IllegalStandsAfter is the number of the opponent's moves after which
	// an illegal move that nobody claimed stands (Appendices A and B:
	// 1, the opponent's next move; US Chess rule 11A: 10). 0 means an
	// illegal move never stands: it is ruled on when completed.
	IllegalStandsAfter int
	// IncorrectClaimBonus is the time in seconds the opponent receives for
	// an incorrect draw claim (9.5.3; Appendices A and B).
	IncorrectClaimBonus int
	// ArbiterActsOnIllegal: the arbiter acts on an illegal move he observes
	// (laws I7): always in FIDE standard play (7.5), in rapid and blitz
	// while the opponent has not made his next move (Appendices A and B).
	// Not under US Chess, where the players claim (rule 11), nor in casual
	// play.
	ArbiterActsOnIllegal bool
	// FlagRule decides a flag fall where the opponent has little left
	// (laws K3): FlagCannotMate (FIDE 6.9: drawn when the opponent cannot
	// checkmate by any series of legal moves) or FlagInsufficientMaterial
	// (US Chess 14E: drawn when the opponent has a lone king, king and
	// minor piece or king and two knights, without a forced win).
	FlagRule string
	// ArbiterActsWithoutClaim: touch-move violations are ruled on at once,
	// without a claim by the opponent (T10: an electronic board or an
	// online game configured so).
	ArbiterActsWithoutClaim bool
}

// The values of RuleSet.FlagRule.
const (
	FlagCannotMate           = "cannot-mate"
	FlagInsufficientMaterial = "insufficient-material"
)

// The rule sets of laws S.
var (
	FIDE = RuleSet{
		Name: "fide", Title: "FIDE Laws of Chess, standard play",
		Sources:   []string{"FIDE Laws of Chess (2023) Articles 4, 7.5, 9"},
		TouchMove: true, IllegalMoveBonus: 120, IllegalMovesToLose: 2, IncorrectClaimBonus: 120,
		ArbiterActsOnIllegal: true, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
	FIDERapid = RuleSet{
		Name: "fide-rapid", Title: "FIDE Laws of Chess, rapid (Appendix A)",
		Sources:   []string{"FIDE Laws of Chess (2023) Appendix A (rapid)"},
		TouchMove: true, IllegalMoveBonus: 60, IllegalMovesToLose: 2, IllegalStandsAfter: 1, IncorrectClaimBonus: 60,
		ArbiterActsOnIllegal: true, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
	FIDEBlitz = RuleSet{
		Name: "fide-blitz", Title: "FIDE Laws of Chess, blitz (Appendix B)",
		Sources:   []string{"FIDE Laws of Chess (2023) Appendix B (blitz)"},
		TouchMove: true, IllegalMoveBonus: 60, IllegalMovesToLose: 2, IllegalStandsAfter: 1, IncorrectClaimBonus: 60,
		ArbiterActsOnIllegal: true, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
	USCF = RuleSet{
		Name: "uscf", Title: "US Chess Federation Official Rules",
		Sources:   []string{"US Chess Official Rules of Chess, 7th edition, rules 10 (touch-move), 11 (illegal moves) and 14E (insufficient material to win on time)"},
		TouchMove: true, RookFirstMayCastle: true, IllegalMoveBonus: 120, IllegalStandsAfter: 10, IncorrectClaimBonus: 120,
		FlagRule: FlagInsufficientMaterial,
	}
	Casual = RuleSet{
		Name: "casual", Title: "Casual play: legal moves only, no touch-move, no penalties",
		Sources:            []string{"no federation: friendly games"},
		RookFirstMayCastle: true, IllegalStandsAfter: 1, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
	FIDE1971 = RuleSet{
		Name: "fide-1971", Title: "Today's FIDE Laws plus vertical castling (the castling of the Laws before 1972)",
		Sources:   []string{"FIDE Laws of Chess (2023), with castling as the Laws before 1972 worded it (no same-rank condition)", "Pam–Krabbé castling"},
		TouchMove: true, VerticalCastling: true, IllegalMoveBonus: 120, IllegalMovesToLose: 2, IncorrectClaimBonus: 120,
		ArbiterActsOnIllegal: true, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
)

var all = map[string]RuleSet{}

func init() {
	for _, r := range []RuleSet{FIDE, FIDERapid, FIDEBlitz, USCF, Casual, FIDE1971} {
		all[r.Name] = r
	}
}

// Lookup returns the rule set with the given name; "" is "fide".
func Lookup(name string) (RuleSet, error) {
	if name == "" {
		return FIDE, nil
	}
	if r, ok := all[strings.ToLower(name)]; ok {
		return r, nil
	}
	return RuleSet{}, fmt.Errorf("unknown rule set %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the known rule sets in alphabetical order.
func Names() []string {
	out := make([]string, 0, len(all))
	for n := range all {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
