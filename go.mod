module github.com/arbiterchess/arbiter

go 1.26

require (
	github.com/klauspost/compress v1.20.4
	go.bug.st/serial v1.8.0
)

require golang.org/x/sys v0.43.0 // indirect
