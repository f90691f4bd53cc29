// Package laws holds the rule sets the arbiter applies, as data: a rule set
// is a named bundle of parameters (laws S), so a tournament picks one and a
// new federation's rules are a new value, not new code paths.
//
//	r, err := laws.Lookup("uscf") // or "fide", ...; laws.Names() lists them
//	...
//	fmt.Println(r.Title, r.IllegalMoveBonus) // US Chess Federation Official Rules 120
//
// The parameters come from the FIDE Laws of Chess in force from 1 January
// 2023 (Articles 4, 5.1.2, 5.2.3, 7.2, 7.5 and 9.5; Appendices A and B, with
// the event's choice of full supervision, A.4 and B.2, or not, A.5 and
// B.3), the US Chess Federation's Official Rules of Chess (7th edition,
// rules 10, 11 and 14E, and variation 11H1) and, for vertical castling
// alone, the FIDE Laws before 1972.
//
// Rule-book items such as S, T4d and C6 are those of the project's rule
// book, [docs/laws.md].
//
// [docs/laws.md]: https://github.com/arbiterchess/arbiter/blob/main/docs/laws.md
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
	// completed illegal move (7.5.5; one minute under A.3, which rapid
	// play and blitz under B.3 apply).
	IllegalMoveBonus int
	// IllegalMovesToLose is the number of completed illegal moves that
	// loses the game (7.5.5); 0 means never.
	IllegalMovesToLose int
	// IllegalStandsAfter is the number of the opponent's moves after which
	// an illegal move that nobody claimed stands (A.5.2, and B.3 for
	// blitz: 1, the opponent's next move; US Chess rule 11A: 10). 0 means
	// an illegal move never stands: it is ruled on when completed. Where
	// it is not 0, the same holds for all of 7.5.1-7.5.4: a press without
	// a move and a move made with two hands stand too until claimed.
	IllegalStandsAfter int
	// StandsArticle is the article under which an unclaimed illegal move
	// stands and a claim of it is ruled ("A.5.2"; US Chess "11A"); ""
	// cites 7.5.1.
	StandsArticle string
	// IllegalPositionDraw (A.5.4): an illegal move that leaves a pawn on
	// the rank furthest from its start, or both kings in check, stands
	// on the board while the opponent may claim it; once his next move is
	// completed, if an illegal position is still on the board, the
	// arbiter declares the game drawn.
	IllegalPositionDraw bool
	// FlagClaimArticle and FlagSeenArticle are the articles a flag fall
	// cites where the appendix rules it (A.5.3: a player's claim, the
	// game drawn when the claimant cannot mate; A.5.5: the arbiter calls
	// a flag fall he observes); "" cites 6.9.
	FlagClaimArticle, FlagSeenArticle string
	// SetupClaimsUntil (A.5.1.2): once each player has completed this many
	// moves, no claim can be made about an incorrect set-up or the board's
	// orientation, and the game goes on (10 in rapid and blitz without full
	// supervision; 0: 7.2 applies throughout).
	SetupClaimsUntil int
	// IncorrectClaimBonus is the time in seconds the opponent receives for
	// an incorrect draw claim (9.5.3; Appendices A and B).
	IncorrectClaimBonus int
	// ArbiterActsOnIllegal: the arbiter acts on an illegal move he observes
	// (laws I7): always in FIDE standard play (7.5), in rapid and blitz
	// while the opponent has not made his next move (A.5.2); under US
	// Chess the director corrects an illegal move he witnesses (11H),
	// unless variation 11H1 is announced. Not in casual play.
	ArbiterActsOnIllegal bool
	// ArbiterQuietSeconds: the arbiter does not act on an illegal move he
	// witnesses while a player has less than this many seconds left in
	// the time control (US Chess 11H: the last five minutes, 300); 0 for
	// no such window.
	ArbiterQuietSeconds int
	// ArbiterArticle is the article the arbiter's own claim of an illegal
	// move cites ("A.5.2", "11H"); "" cites StandsArticle.
	ArbiterArticle string
	// FullSupervision holds what changes when the event's regulations put
	// the games under full supervision, so that the Competition Rules
	// apply in full (A.4 for rapid, B.2 for blitz): illegal moves are
	// ruled on when completed, and the bonuses are those given here. Nil
	// where the rule set offers no such choice.
	FullSupervision *Supervision
	// Variations lists the rule variations an event may announce (US
	// Chess 11H1).
	Variations []Variation
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

// Supervision is the part of a rule set that changes under full
// supervision (RuleSet.FullSupervision).
type Supervision struct {
	// Article is the paragraph that applies the Competition Rules: "A.4"
	// (one arbiter for at most three rapid games) or "B.2" (one arbiter
	// for one blitz game).
	Article string
	// IllegalMoveBonus and IncorrectClaimBonus are the bonuses then, in
	// seconds: one minute in rapid play (A.3 applies to all of Appendix
	// A), two in blitz (B.2 applies the Competition Rules, and only B.3
	// brings in A.3).
	IllegalMoveBonus, IncorrectClaimBonus int
}

// Variation is a rule variation an event may announce (US Chess marks
// them "Variation"), with what it changes.
type Variation struct {
	// Name is the rule's number, as announced ("11H1").
	Name string
	// Title says what it does.
	Title string
	// ArbiterWitnessOnly: the director does not correct illegal moves he
	// witnesses; only the players claim them.
	ArbiterWitnessOnly bool
}

// The values of the start line's supervision (Under).
const (
	SupervisionFull    = "full"
	SupervisionPartial = "partial"
)

// Under returns the rule set as an event's regulations make it: under
// full supervision (SupervisionFull: A.4, B.2) or not (SupervisionPartial,
// the default for rapid and blitz: A.5, B.3), with the announced
// variations applied. Full supervision is accepted for a rule set that
// already rules on illegal moves when completed (it changes nothing);
// partial supervision only for one that offers the choice. An unknown
// variation is an error.
func (r RuleSet) Under(supervision string, variations []string) (RuleSet, error) {
	switch supervision {
	case "", SupervisionPartial:
		if supervision != "" && r.FullSupervision == nil {
			return RuleSet{}, fmt.Errorf("rule set %s has no choice of supervision: %q does not apply", r.Name, supervision)
		}
	case SupervisionFull:
		if s := r.FullSupervision; s != nil {
			r.IllegalStandsAfter, r.StandsArticle, r.IllegalPositionDraw, r.SetupClaimsUntil = 0, "", false, 0
			r.FlagClaimArticle, r.FlagSeenArticle = "", ""
			r.ArbiterArticle = ""
			r.IllegalMoveBonus, r.IncorrectClaimBonus = s.IllegalMoveBonus, s.IncorrectClaimBonus
			r.FullSupervision = nil
		} else if r.IllegalStandsAfter != 0 {
			return RuleSet{}, fmt.Errorf("rule set %s has no choice of supervision: %q does not apply", r.Name, supervision)
		}
	default:
		return RuleSet{}, fmt.Errorf("supervision must be %q or %q, not %q", SupervisionFull, SupervisionPartial, supervision)
	}
	for _, name := range variations {
		found := false
		for _, v := range r.Variations {
			if v.Name == name {
				found = true
				if v.ArbiterWitnessOnly {
					r.ArbiterActsOnIllegal = false
				}
			}
		}
		if !found {
			return RuleSet{}, fmt.Errorf("rule set %s knows no variation %q", r.Name, name)
		}
	}
	return r, nil
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
		Sources:   []string{"FIDE Laws of Chess (2023) Appendix A (rapid): A.3 (one-minute penalties), A.5 (games not fully supervised; A.4 under full supervision)"},
		TouchMove: true, IllegalMoveBonus: 60, IllegalMovesToLose: 2, IllegalStandsAfter: 1, IncorrectClaimBonus: 60,
		StandsArticle: "A.5.2", IllegalPositionDraw: true, SetupClaimsUntil: 10, FlagClaimArticle: "A.5.3", FlagSeenArticle: "A.5.5",
		FullSupervision:      &Supervision{Article: "A.4", IllegalMoveBonus: 60, IncorrectClaimBonus: 60},
		ArbiterActsOnIllegal: true, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
	FIDEBlitz = RuleSet{
		Name: "fide-blitz", Title: "FIDE Laws of Chess, blitz (Appendix B)",
		Sources:   []string{"FIDE Laws of Chess (2023) Appendix B (blitz): B.3 (A.3 and A.5 apply; B.2 under full supervision)"},
		TouchMove: true, IllegalMoveBonus: 60, IllegalMovesToLose: 2, IllegalStandsAfter: 1, IncorrectClaimBonus: 60,
		StandsArticle: "A.5.2", IllegalPositionDraw: true, SetupClaimsUntil: 10, FlagClaimArticle: "A.5.3", FlagSeenArticle: "A.5.5",
		FullSupervision:      &Supervision{Article: "B.2", IllegalMoveBonus: 120, IncorrectClaimBonus: 120},
		ArbiterActsOnIllegal: true, FlagRule: FlagCannotMate,
		ResignationProviso: true, AgreementProviso: true,
	}
	USCF = RuleSet{
		Name: "uscf", Title: "US Chess Federation Official Rules",
		Sources:   []string{"US Chess Official Rules of Chess, 7th edition, rules 10 (touch-move), 11 (illegal moves: 11A, 11D, 11H and variation 11H1) and 14E (insufficient material to win on time)"},
		TouchMove: true, RookFirstMayCastle: true, IllegalMoveBonus: 120, IllegalStandsAfter: 10, IncorrectClaimBonus: 120,
		StandsArticle: "11A", ArbiterActsOnIllegal: true, ArbiterQuietSeconds: 300, ArbiterArticle: "11H",
		Variations: []Variation{{Name: "11H1", Title: "director as witness only: illegal moves are corrected only on a player's claim", ArbiterWitnessOnly: true}},
		FlagRule:   FlagInsufficientMaterial,
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
