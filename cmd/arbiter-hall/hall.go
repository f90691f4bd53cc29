package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/arbiterchess/arbiter/eboard/reader"
)

// runHallFlags checks the flags of the hall's reader (eboard --event) and
// runs it until an interrupt (or, with simulated boards, until they have
// played). c is each game's settings; inferClockSet says --infer-clock
// was given.
func runHallFlags(c reader.Config, inferClockSet bool, event, boardsFile, statusFile string, fs *flag.FlagSet, stderr, stdout io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arbiter-hall eboard: "+format+"\n", args...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fs.Usage()
		return 2
	case event == "" || boardsFile == "" || c.Server == "":
		return fail("serving the boards of an event needs --event, --boards and --server")
	case c.Game != "" || c.Token != "":
		return fail("--event serves each table's game with the table's token (the boards file): no --game or --token")
	case c.Replay || c.LEDs:
		return fail("--event forwards to the server, which rules: no --replay")
	case c.Port != "" && c.Sim != "":
		return fail("--port and --sim: real boards or simulated ones, not both")
	case c.Speed <= 0:
		return fail("--speed must be positive")
	}
	f, err := os.Open(boardsFile)
	if err != nil {
		return fail("%v", err)
	}
	tables, err := reader.ReadBoardsFile(f)
	f.Close()
	if err != nil {
		return fail("%s: %v", boardsFile, err)
	}
	cfg := reader.HallConfig{Server: c.Server, Event: event, Tables: tables, StatusFile: statusFile, Game: c, FindPorts: dgtPorts}
	if !inferClockSet {
		cfg.Game.InferClock = c.Sim == ""
	}
	if c.Sim != "" {
		sims, err := reader.SimulateBoards(strings.Split(c.Sim, ","), c.Speed, c.SimLine, c.WhiteRight)
		if err != nil {
			return fail("%v", err)
		}
		cfg.Sims = sims
		cfg.Game.Sim = ""
	} else {
		if c.SpeedSet {
			return fail("--speed applies to --sim only")
		}
		for _, p := range strings.Split(c.Port, ",") {
			if p = strings.TrimSpace(p); p != "" {
				cfg.Ports = append(cfg.Ports, p)
			}
		}
		cfg.Game.Port = ""
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := reader.RunHall(ctx, cfg, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "arbiter-hall eboard: %v\n", err)
		return 1
	}
	return 0
}

// dgtPorts returns the serial ports that may be DGT boards: those whose
// USB identity or name says DGT, and those on an FTDI chip.
func dgtPorts() ([]string, error) {
	ports, err := serialPorts()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, p := range ports {
		if id := identity(p); id == "DGT board" || strings.HasPrefix(id, "FTDI") {
			names = append(names, p.name)
		}
	}
	return names, nil
}
