package testenv

import "testing"

func TestSwitches(t *testing.T) {
	t.Setenv(LongVar, "")
	if Long() || Pick(1, 2) != 1 {
		t.Errorf("without %s: Long %v, Pick(1, 2) = %d, want false and 1", LongVar, Long(), Pick(1, 2))
	}
	t.Setenv(LongVar, "1")
	if !Long() || Pick(1, 2) != 2 {
		t.Errorf("with %s=1: Long %v, Pick(1, 2) = %d, want true and 2", LongVar, Long(), Pick(1, 2))
	}
}

func TestToolFound(t *testing.T) {
	if Tool(t, "go") == "" {
		t.Error("the go command is not found, yet this test runs under it")
	}
}

func TestE2ESkipsWithoutTheSwitch(t *testing.T) {
	t.Setenv(E2EVar, "")
	ran := false
	t.Run("e2e", func(t *testing.T) {
		E2E(t)
		ran = true
	})
	if ran {
		t.Errorf("an end-to-end test ran without %s=1", E2EVar)
	}
}
