module github.com/arbiterchess/arbiter

go 1.26
