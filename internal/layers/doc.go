// Package layers holds no code: its test keeps the packages' layering
// one-way (docs/architecture.md), with `go list`.
package layers
