package levels

import "github.com/minotaur-game/minotaur/games/labyrinth"

// The Labyrinth's field format lives in games/labyrinth. These names keep
// the callers that still spell it levels.X compiling until they import
// games/labyrinth themselves; nothing new should use them.

// Deprecated: use labyrinth.File.
type Labyrinth = labyrinth.File

// Deprecated: use labyrinth.Field.
type Field = labyrinth.Field

// Deprecated: use labyrinth.Cell.
type Cell = labyrinth.Cell

// Deprecated: use labyrinth.Dir.
type Dir = labyrinth.Dir

// Deprecated: use labyrinth.Special.
type Special = labyrinth.Special

// Deprecated: use labyrinth.FieldResult.
type FieldResult = labyrinth.FieldResult

// Deprecated: use labyrinth.ExampleField.
type ExampleField = labyrinth.ExampleField

// Deprecated: use labyrinth.Up, Left, Down and Right.
const (
	Up    = labyrinth.Up
	Left  = labyrinth.Left
	Down  = labyrinth.Down
	Right = labyrinth.Right
)

// Deprecated: use labyrinth.Parse.
func ParseLabyrinth(name string, data []byte) (*Labyrinth, error) { return labyrinth.Parse(name, data) }

// Deprecated: use labyrinth.Format.
func FormatLabyrinth(lab *Labyrinth) string { return labyrinth.Format(lab) }

// Deprecated: use labyrinth.ExampleFields.
func ExampleFields() []ExampleField { return labyrinth.ExampleFields() }
