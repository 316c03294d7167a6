//go:build linux || darwin

package main

import (
	"os"
	"syscall"
	"unsafe"
)

// terminalColumns is stdout's terminal width, 0 when it is no terminal.
func terminalColumns() int {
	var ws struct{ Row, Col, X, Y uint16 }
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, os.Stdout.Fd(), uintptr(syscall.TIOCGWINSZ), uintptr(unsafe.Pointer(&ws)))
	if errno != 0 {
		return 0
	}
	return int(ws.Col)
}
