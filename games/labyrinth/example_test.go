package labyrinth_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/games/labyrinth"
)

func ExampleGenerate() {
	lab, _ := labyrinth.Generate(6, 8, rand.New(rand.NewPCG(3, 0)))
	fmt.Print(labyrinth.Format(lab))
	fmt.Println(lab.Check()[0])
	// Output:
	// 6 8
	// E S . K|. .|. .
	// _ . . _ . . . .
	// . . . . L|1|.|.
	// . _ . . _ _ . .
	// A|. .|. . .|.|.
	// . . _ _ _ . _ .
	// .|.|. . .|. . .
	// . _ . _ . _ _ .
	// . . .|.|. . .|U
	// . _ _ . _ . _ .
	// . S . S .|. . .
	// 1 Teleport((5, 6))
	// A Armory()
	// E Exit(LEFT)
	// K Key()
	// L RubberRoom(LEFT)
	// S Stun(2)
	// U RubberRoom(UP)
	// 0: OK
}
