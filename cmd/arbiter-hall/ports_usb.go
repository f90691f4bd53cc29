//go:build !darwin || cgo

package main

import (
	"sort"

	"go.bug.st/serial/enumerator"
)

// serialPorts returns the machine's serial ports with the USB identity
// the system knows of them (go.bug.st/serial's enumerator: sysfs on
// Linux, SetupAPI on Windows, IOKit on macOS).
func serialPorts() ([]port, error) {
	list, err := enumerator.GetDetailedPortsList()
	if err != nil {
		return nil, err
	}
	ports := make([]port, 0, len(list))
	for _, d := range list {
		ports = append(ports, port{name: d.Name, usb: d.IsUSB, vid: d.VID, pid: d.PID, serial: d.SerialNumber,
			manufacturer: d.Manufacturer, product: d.Product, detailed: true})
	}
	sort.Slice(ports, func(i, j int) bool { return ports[i].name < ports[j].name })
	return ports, nil
}
