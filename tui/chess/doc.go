// Package chess holds the screens of Open-world chess (`minotaur chess`,
// and the main menu's "Open-world chess" entry): its menu of new games and
// saved ones, the game against the computer or hot-seat with hand-over
// screens, the promotion choice, the help, the log, the pause menu and the
// end screen. The rules are in games/chess (imported under the same name),
// the computer player in games/chess/bot; the widgets come from
// tui/screen.
//
// Every board a screen draws is a side's chess.View, and every line of its
// log an event told to that side: nothing else of the game reaches a
// player's screen.
package chess
