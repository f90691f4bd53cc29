package winnable

import "fmt"

// Per-stage counters of one analyzer, kept for tuning the limits.

type stageID int

const (
	stFront stageID = iota
	stPlayout
	stQuick
	stBestFirst
	stClosure
	numStages
)

var stageNames = [numStages]string{"front helpmate", "playouts", "quick helpmate", "best-first", "closure"}

type stageStats struct {
	absCalls, absHits, absPruned  int // abstract checks at closure nodes
	calls, found, complete, nodes [numStages]int
	foundNodes                    [numStages]int // nodes of the calls that found a mate
}

func (s *stageStats) note(st stageID, nodes int, found, complete bool) {
	s.calls[st]++
	s.nodes[st] += nodes
	if found {
		s.found[st]++
		s.foundNodes[st] += nodes
	}
	if complete {
		s.complete[st]++
	}
}

func (s *stageStats) String() string {
	out := fmt.Sprintf("closure abstract checks: %d calls, %d cached, %d pruned\n", s.absCalls, s.absHits, s.absPruned)
	for st := stageID(0); st < numStages; st++ {
		out += fmt.Sprintf("%s: %d calls, %d found (%d nodes), %d complete, %d nodes\n", stageNames[st], s.calls[st], s.found[st], s.foundNodes[st], s.complete[st], s.nodes[st])
	}
	return out
}
