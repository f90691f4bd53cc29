//go:build darwin && !cgo

package main

import (
	"sort"

	"go.bug.st/serial"
)

// serialPorts returns the machine's serial ports by name alone: the USB
// enumerator of macOS needs cgo (IOKit), which the release builds leave
// out. The names still say much there: /dev/cu.usbserial-... for an FTDI
// chip, /dev/cu.DGT_BT_... for a DGT Bluetooth board.
func serialPorts() ([]port, error) {
	names, err := serial.GetPortsList()
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	ports := make([]port, 0, len(names))
	for _, n := range names {
		ports = append(ports, port{name: n})
	}
	return ports, nil
}
