package main

import (
	"fmt"
	"io"
	"strings"
)

// port is a serial port as --list-ports shows it.
type port struct {
	name                  string
	usb                   bool
	vid, pid, serial      string
	manufacturer, product string
	detailed              bool // the system said whether it is USB
}

// ftdiVID is the USB vendor of FTDI, whose serial chips DGT's USB boards
// carry (the boards' own product strings say DGT where the chip was given
// them).
const ftdiVID = "0403"

// identity says what a port is likely to be, by its USB identity and its
// name: a DGT board when the USB strings or the name say DGT (a Bluetooth
// board's port is named after it: /dev/cu.DGT_BT_..., /dev/rfcomm with
// DGT), a possible DGT board on an FTDI chip, another USB device, or a
// port of the machine itself.
func identity(p port) string {
	all := strings.ToUpper(p.manufacturer + " " + p.product + " " + p.name)
	switch {
	case strings.Contains(all, "DGT"):
		return "DGT board"
	case p.usb && strings.EqualFold(p.vid, ftdiVID):
		return "FTDI USB serial: a DGT USB board, or another device on an FTDI chip"
	case p.usb:
		return "USB serial device, not known as a DGT board"
	case p.detailed:
		return "not USB (a port of the machine, or Bluetooth)"
	}
	return "no USB details on this system"
}

// describe writes one line per port: its name, what it is likely to be,
// and the USB identity the system reports.
func describe(w io.Writer, ports []port) {
	if len(ports) == 0 {
		fmt.Fprintln(w, "no serial ports: is the board plugged in and switched on? (Linux: ls /dev/ttyUSB* /dev/ttyACM*; Windows: Device Manager, Ports (COM & LPT))")
		return
	}
	dgt := 0
	for _, p := range ports {
		line := fmt.Sprintf("%-24s %s", p.name, identity(p))
		var usb []string
		if p.vid != "" || p.pid != "" {
			usb = append(usb, fmt.Sprintf("USB %s:%s", strings.ToLower(p.vid), strings.ToLower(p.pid)))
		}
		for _, s := range []string{p.manufacturer, p.product} {
			if s != "" {
				usb = append(usb, s)
			}
		}
		if p.serial != "" {
			usb = append(usb, "serial "+p.serial)
		}
		if len(usb) > 0 {
			line += " (" + strings.Join(usb, ", ") + ")"
		}
		fmt.Fprintln(w, line)
		if identity(p) == "DGT board" {
			dgt++
		}
	}
	if dgt == 1 {
		for _, p := range ports {
			if identity(p) == "DGT board" {
				fmt.Fprintf(w, "read it with: arbiter-hall eboard --port %s\n", p.name)
			}
		}
	}
}

// listSerialPorts lists the serial ports of the machine (serialPorts).
func listSerialPorts(w io.Writer) error {
	ports, err := serialPorts()
	if err != nil {
		return err
	}
	describe(w, ports)
	return nil
}
