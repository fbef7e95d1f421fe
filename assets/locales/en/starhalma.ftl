# starhalma: every word a player sees, in English.
#
# The same ids exist in ja/ and ne/ (a test in crates/locale checks it). Row/space labels
# (R10 S1), move notation (s 5,-1 4,0) and hole coordinates (4,-3) are notation: they are passed
# in as arguments and stay the same in every language.
#
# Arguments are strings unless a comment says "number"; numbers select plurals.

## Names

app-title = starhalma
# The list separator used where several names are listed in a row.
list-separator = {", "}
# Two sentences one after the other (the second one is added to the first).
sentence-pair = { $first } { $second }

colour-red = Red
colour-purple = Purple
colour-yellow = Yellow
colour-blue = Blue
colour-green = Green
colour-orange = Orange

# Each seat's symbol, beside its colour's name and on its marbles (the same in every
# language: shapes, not words).
symbol-dot = ●
symbol-triangle = ▲
symbol-square = ■
symbol-diamond = ◆
symbol-star = ★
symbol-ring = ○
# A seat's colour with its symbol, "● Red".
seat-tag = { $symbol } { $colour }

level-easy = Easy
level-medium = Medium
level-hard = Hard

seat-human = Human
seat-online = Online

rules-laws = Laws
rules-table = Table
rules-table-long-hops = Table, long hops
rules-masters-swap = Masters, swap
rules-masters-fill = Masters, fill
rules-masters = Masters
rules-diamond = Diamond

speed-slow = Slow
speed-normal = Normal
speed-fast = Fast
speed-instant = Instant

## Menu

# $count (number): 2, 3, 4 or 6.
menu-players =
    { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
# "Red: Human", "Blue: Medium".
menu-seat = { $colour }: { $seat }
# Who moves first: $who is a colour or menu-starts-random.
menu-who-starts = Who starts: { $who }
menu-starts-random = random
menu-start = Start
menu-play-friend = Play a friend (send a link)
menu-player-name = Online name: { $name } (press for another)
menu-player-name-new = Online name: press to pick one
# The clock of rooms "Play a friend" opens (a button that cycles): seconds per move, 0 for none.
menu-room-clock = { $seconds ->
    [0] Move clock: none
    [180] Move clock: 3 min
   *[other] Move clock: { $seconds } s
}
menu-continue = Continue
menu-load-saved = Load saved game
menu-guided = Guided first game
menu-guided-first-start = New here? Guided first game
# The language button (the name of the language itself is shown in that language).
menu-language = Language: { $language }
# Web only: the game's controls as page buttons under the board (for switch devices and
# voice control; screen readers find them either way).
menu-page-controls-on = Page buttons: shown
menu-page-controls-off = Page buttons: hidden

## Buttons (HUD, game-over panel, rules screen)

button-angled = Angled
button-top-down = Top-down
# $speed: one of the speed-* names.
button-speed = Speed: { $speed }
button-sound-on = Sound: on
button-sound-off = Sound: off
button-symbols-on = Symbols: on
button-symbols-off = Symbols: off
button-hint = Hint
button-how-to-play = How to play
button-save = Save
button-load = Load
button-undo = Undo move
button-pass = Pass
button-resign = Resign
button-play-again = Play again
button-copy-link = Copy link
button-copy-replay-link = Copy replay link
button-join = Join
button-fill-computer = Fill empty seats with the computer
button-leave = Leave (the computer takes over)
button-rematch = Rematch
button-rematch-swap = Rematch (swap sides)
button-rematch-same = Rematch with the same players
button-change-mode = Change mode
button-more = More…
button-more-close = Close
button-previous = Previous
button-next = Next
button-close = Close
button-how-decided = How this was decided
# The move list's holes: row/space labels (pressed: the engine's notation).
button-moves-labels = Labels
button-moves-notation = Notation

## Moves in words

move-step = 1 step
move-swap = swap
# $jumps (number): hops in the move.
move-jumps =
    { $jumps ->
        [one] 1 jump
       *[other] { $jumps } jumps
    }

## HUD

# "Yellow moved from R10 S1 to R10 S3 (1 jump)"; $how is move-step, move-swap or move-jumps.
hud-moved = { $colour } moved from { $from } to { $to } ({ $how })
hud-passed = { $colour } passed
# $level: one of the level-* names.
hud-computer-thinking = { $colour } ({ $level }) thinking...
hud-computer = { $colour } ({ $level })
hud-to-move = { $colour } to move
hud-to-move-online = { $colour } to move (online)
hud-waiting-to-start = The game starts when every seat is taken
# A finished game's result, as its rules state it (starhalma-guide's outcome). $winner,
# $resigned, $colour, $last: seats; $marbles, $home, $next, $distance, $place (numbers).
result-wins-home = { $winner } wins: all { $marbles } marbles home
result-wins-king = { $winner } wins: target filled, king on ◎
result-wins-filled = { $winner } wins: target filled
result-wins-anti-spoiling = { $winner } wins: target filled (anti-spoiling)
result-wins-resignation = { $winner } wins: { $resigned } resigned
result-draw-all-passed = Draw: nobody can move
result-draw-move-cap = Draw after { $moves } moves each
result-draw-no-progress = Draw: nobody came closer in { $turns } turns each
# The table's stop: $when is result-after-turns or result-when-all-passed.
result-wins-on-home = { $winner } wins on marbles home: { $home } to { $next } { $when }
result-wins-on-distance = { $winner } wins on distance to go: { $distance } to { $next }, { $home ->
        [one] 1 marble
       *[other] { $home } marbles
    } home each, { $when }
# $seats: all but the last, joined with list-separator.
result-first-shared = { $seats } and { $last } share first place: { $home ->
        [one] 1 marble
       *[other] { $home } marbles
    } home and { $distance } to go each, { $when }
result-after-turns = after { $turns } turns each
result-when-all-passed = when nobody could move
result-place = { $place }. { $colour }: { $home } home, { $distance } to go
result-place-finished = { $place }. { $colour }: { $home } home
result-place-resigned = { $place }. { $colour }: resigned
# One player's marbles home, "Red 3"; $count (number).
hud-home-count = { $colour } { $count }
# $counts: hud-home-count entries joined with three spaces.
hud-home = { $counts } home
hud-king-to-tip = King to ◎
hud-send-link = Send this link: { $link }
# A refused move or command; $reason is one of the reason-* or illegal-* messages.
notice-not-allowed = Not allowed: { $reason }
notice-no-hint = No hint: it is not your turn
# A hint in words (its marble and destination are shown on the board too).
notice-hint = Hint: { $from } to { $to }

## Controls panel

panel-pass = Pass (no move)
panel-back = Back
# $label: the marble's row/space label, "R10 S1".
panel-king = King ({ $label })
# "R12 S3: 2 jumps, +4 rows"; $rows is signed: "+4", "-1", "+0".
panel-destination = { $label }: { $how }, { $rows } rows
panel-replay = Replay (read-only)
panel-game-over = Game over
panel-waiting = Waiting for { $colour }
# $marble: "R10 S1" or panel-king.
panel-marble-to = { $marble } to:
panel-your-marbles = Your marbles:
# The board drawn as text: the key under it. The letters are notation.
text-board-colour = { $initial } { $colour }
text-board-key = @ chosen  + can go  . empty
text-board-king = lower case: king  ◎ an empty tip, where a king starts and ends

## Move list

moves-heading = Moves
moves-live = Live
# "12. Red s 5,-1 4,0": $number (number), $move in the project's notation.
moves-entry = { $number }. { $colour } { $move }
moves-pass = pass
moves-first = { $colour } starts

## Rules screen

how-to-play-title = How to play: { $rules }
# $number and $count (numbers): "A hop (3 of 12)".
how-to-play-section = { $title } ({ $number } of { $count })

## Online

online-connecting = Connecting to the server...
online-reconnecting = Connection lost: reconnecting...
online-expired = This room has expired: start a new one from the menu
online-replaced = This seat is now played in another window
online-failed = Could not play online: { $reason }
# $seconds (number): seconds until the computer takes the seat.
online-away-countdown = { $colour } disconnected: the computer plays in { $seconds } s
online-away = { $colour } disconnected: the computer plays for them
online-watching = Watching: press Join to play
online-watching-full = Watching (every seat is taken)
# $seated and $seats (numbers).
online-waiting = Waiting for players ({ $seated }/{ $seats })
# A friend seated in someone else's room before play starts. $host: the host's name.
online-waiting-in = { $host }'s room: waiting for players ({ $seated }/{ $seats })
# A spectator of someone's room with a seat free. $host: the host's name.
online-watching-room = Watching { $host }'s room: press Join to play
online-waiting-long = Nobody else yet ({ $seated }/{ $seats }): press Fill empty seats with the computer, or keep waiting
online-you-are = Online: you are { $colour }
online-link-copied = Link copied: send it to your friends
online-copy-this-link = Copy this link for your friends: { $link }
online-link-printed = The link is printed in the terminal: { $link }
online-no-server = no server to open a room on
online-wait-for-server = wait for the server to answer your last move
# Why a connection failed ($reason of online-failed).
online-server-closed = the server closed the connection
online-server-silent = the server stopped answering
online-closed-code = the connection closed (code { $code })
online-browser-refused = the browser would not open { $url }: { $error }
# "LINK: reason", for a link that cannot be opened.
online-bad-link = { $link }: { $reason }

## Players' names online
# A seat named by the person playing it: "Asha (Red)".
seat-named = { $name } ({ $colour })
seat-named-rated = { $name } ({ $colour }, { $rating })
# An online seat the computer plays: "Red (computer, Medium)".
seat-computer = { $colour } (computer, { $level })
# The name suggested the first time a player goes online: an adjective, a marble word and a
# number ("Swift Marble 42"). The lists are comma-separated words to pick from; a name has at
# most 20 characters.
name-suggestion = { $adjective } { $marble } { $number }
name-adjectives = Swift, Bright, Calm, Bold, Lucky, Clever, Quiet, Merry
name-marbles = Marble, Pebble, Bead, Comet

## Reactions (sent to everyone in an online room)
reaction-hello = Hello!
reaction-good-move = Good move!
reaction-thanks = Thanks!
reaction-oops = Oops!
reaction-well-played = Well played!
reaction-your-turn = Your turn!
reaction-good-game = Good game!
reaction-rematch = Rematch?
# A reaction heard, in its bubble and in the move list: "Asha (Red): Good move!"
reaction-said = { $who }: { $reaction }
button-react = React
button-reactions-on = Reactions: on
button-reactions-off = Reactions: off
# The turn line with the move clock: "Asha (Red) to move (online) · 17 s".
hud-turn-clock = { $turn } · { $seconds } s
online-idle = Your time ran out twice: the computer plays for you until you are back
button-back = I'm back
link-no-room = the link has no ?room= part
link-bad-scheme = the link must start with http:// or https://
link-no-host = the link names no host
link-bad-host = "{ $host }" is not a host name
link-no-game = the link names no finished game (?game= and 20 characters of 0–9, a–f)
link-bad-room = '{ $code }' is not a room code: 10 characters of a-z and 2-7 (lowercase base32)
# The room server's refusals, by their error code (the server's own words are the fallback).
server-error-rate-limited = too many messages; this one was dropped
server-error-too-many-connections = too many connections from your address
server-error-too-many-rooms = the server holds as many rooms as it will; try later
server-error-too-many-rooms-created = your address created as many rooms as it may this hour
server-error-no-such-room = no room has this code
server-error-expired = the room was deleted (30 minutes after everyone left, or 24 hours after it was made)
server-error-bad-token = this token holds no seat here
server-error-room-full = every seat is taken; you watch
server-error-spectator = spectators watch; join to play
server-error-not-host = only the host fills seats with the computer
server-error-already-started = every seat is taken already
server-error-not-started = play starts when every seat is taken
server-error-resign-instead = with two players, resign instead of leaving
server-error-game-not-over = a rematch starts once the game is over
server-error-unavailable = the room server cannot reach its rooms for a moment; trying again

## Refusals of the game (after "Not allowed: ")

reason-animating = wait for the last move to finish
reason-replay = you are looking at a past position: return to the live game first
reason-not-your-turn = it is not your turn
# $seat (number).
reason-no-seat = there is no seat { $seat }
reason-person-resign = only a person playing here can resign
reason-person-leave = only a person playing here can leave
reason-no-online-undo = there is no undo in an online game
reason-nothing-to-undo = there is no move to take back
reason-leave-offline = leaving is for online games: resign instead
reason-leave-two = with two players, resign instead
reason-rematch-offline = a rematch is for online games: play again instead
reason-not-over = the game is not over yet
reason-not-online = only the room server changes an online game, and this game is not online
reason-already-begun = the game has already begun
reason-game-already-over = the game is already over
# $players and $seats (numbers).
reason-seat-count = a { $players }-player game needs { $players } seats, not { $seats }
# $setup and $game: "table, 3 players".
reason-seats-for = the seats are for { $setup }, the game is { $game }

## The rules engine's reasons ($hole, $from, $to: hole coordinates, "4,-3")

illegal-game-over = the game is over
illegal-empty-origin = there is no piece on { $hole }
illegal-not-your-piece = the piece on { $hole } is not yours
illegal-occupied = { $hole } is occupied
illegal-not-adjacent = { $to } is not next to { $from }
illegal-not-reachable = no chain of jumps leads from { $from } to { $to }
illegal-no-movement = a move cannot end where it began
illegal-must-stay-in-target = a marble in its target must stay inside it
illegal-cannot-stop-there = a move may not end on { $hole } under these rules
illegal-makes-another-win = a move may not make another player win
illegal-cannot-pass = you have a legal move, so you cannot pass
illegal-bad-swap = a swap needs an opponent's piece in your target that you could otherwise reach
illegal-swap-not-played = swaps are not played under these rules

## Saving and loading

# $place: a file path, or store-browser.
file-saved = Saved to { $place }
file-save-failed = Could not save: { $error }
file-nothing-saved = Nothing saved at { $place }
file-load-failed = Could not load: { $error }
file-load-failed-from = Could not load { $place }: { $error }
file-loaded = Loaded { $place }
store-browser = this browser's storage ({ $name })
store-nowhere = nowhere
store-no-local-storage = this browser has no local storage
store-refused = the browser refused to store the file (storage full?)
store-no-browser-storage = there is no browser storage here
load-not-readable = not a readable save file: { $error }
load-not-starhalma = not a starhalma save file (format is '{ $format }')
# $version and $supported (numbers).
load-newer-version = save file version { $version } is newer than this game understands ({ $supported })
# $index (number), $move in notation, $reason an illegal-* message.
load-illegal-move = move { $index } ('{ $move }') cannot be played: { $reason }
load-bad-resignation = the recorded resignation is not possible: { $reason }
load-bad-start = the recorded starting position is not possible: { $reason }
# "human", "easy", "medium", "hard" are the file's own words.
load-seats-list = "seats" must be a list of human, easy, medium or hard
load-seat-count = the file names { $seats } seats for a { $players }-player game

## The web page

web-loading = Loading the game…
web-downloading = Downloading the game… { $received } of { $total } MB
web-starting = Starting the game…
web-no-webgl2 = starhalma draws its board with WebGL2, which this browser does not offer (or has turned off). Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration.
web-start-failed = The game could not start: { $error }
web-download-failed = The game could not be downloaded: { $error }
# The web page's controls for screen readers: the title of the group of game buttons.
page-controls = Game controls

## Menu summaries of the rule sets

summary-laws = The plain game. Step to a neighbouring hole or hop over marbles, as many hops in a row as you like, and stop on any hole of the star. Marbles may leave the target again. Win by filling the opposite point with all ten of your own marbles. If nobody can move, the game is a draw. There is no move limit.
summary-table = A move may end only in the middle, in your own point or in your target; hops may cross other points without stopping. A marble in its target stays there. Fill your target to win; after 30 turns each, marbles the opponent left at home count for you. The first to finish wins and the others are placed. After 200 turns each, the game stops and is placed.
summary-table-long-hops = Table rules with long hops: a hop may go over a marble further along a line and land as far beyond it, all other holes on the way empty, so marbles cross the board fast. Moves end only in the middle, your own point or your target, and a marble home stays home. After 30 turns each, marbles left at home count for the player opposite. Stops after 200 turns each.
summary-masters-swap = Stop on any hole of the star, other points included. A marble in its target moves only inside it. Win with all ten of your own marbles in your target. If an opponent's marble sits in your target where yours could go, you may swap the two instead of moving. If nobody can move, it is a draw.
summary-masters-fill = Stop on any hole of the star, other points included. A marble in its target moves only inside it. There are no swaps: your target counts as done once every hole in it is full, whoever's marbles fill it, as long as one of them is yours. So any move can finish the game, even for another player. If nobody can move, it is a draw.
summary-diamond = Two or three players, fifteen marbles each, one of them a king. Nobody may enter another colour's triangle, except the five holes on the edge of the middle. The king hops a whole row of marbles at once. Marbles may leave the target. Win with the target full and your king on its tip. A draw after 400 moves each, or if nobody can move.

## How to play: sections (titles, then texts; a blank line separates paragraphs)

rules-aim-title = The aim
rules-aim = Each player has ten marbles in one point of the star. The point straight across is your target: move all your marbles there before anyone else does. Turns go round the star, and the first player moves first.
rules-aim-diamond = Two or three players, Red, Yellow and Green, each with fifteen marbles in their own triangle: the ten holes of a point and the five in front of it. Your target is the triangle of your colour straight across the board. Race your marbles there, and bring your king to its tip. Red moves first.
rules-step-title = A step
rules-step = On your turn you move one of your marbles. The simplest move is a step: one hole along a line to a neighbouring hole that is empty. Marbles move in any of the six directions, backwards and sideways too.
rules-hop-title = A hop
rules-hop = Instead of stepping, a marble may hop over a marble right next to it, of any colour, your own included, into the empty hole just beyond. Nothing is captured: the marble hopped over stays where it is.
rules-hop-diamond = Instead of stepping, a marble may hop over a marble right next to it, of any colour, into the empty hole just beyond. Nothing is captured. A plain marble hops one marble at a time and never hops a king.
rules-chain-title = A chain of hops
rules-chain = After a hop the same marble may hop again from where it landed, in any direction, as often as it finds a marble to hop, and you may stop after any hop. A move is either one step or hops only: never a step and a hop together. To play a chain, just choose where it ends; the game takes the way with the fewest hops.
rules-long-hops-title = Long hops
rules-long-hops = In this game a hop may also go over a marble further away along a line, as long as it lands just as far beyond it and every other hole on the way, the landing hole included, is empty. It still hops one marble at a time, and long hops chain like short ones. Marbles cross the board much faster, for both sides.
rules-king-title = The king
rules-king = One of your fifteen marbles is the king, the big one, which starts on the tip of your triangle. It steps and hops like the others, and it can also hop a whole row of marbles at once: any number of marbles side by side on one line, starting right next to it, with an empty hole just after the row. One marble is enough. The row may not contain a king, and no marble may ever hop over a king.
rules-where-title = Where a move may end
rules-where-laws = Anywhere. Any hole of the star may be entered, crossed or used as a stop, the other points included, and a marble that has reached its target may leave it again.
rules-where-table = A move may end only in the middle, in your own point or in your target. A chain of hops may land in another point on its way, even one nobody uses, but it may not stop there.
rules-where-masters = Anywhere: a marble may stop on any hole of the star, in other players' points and in unused ones too.
rules-closed-title = Closed triangles
rules-closed = Your colour owns two triangles: the one you start in and your target. You may not enter the triangles of the other colours at all, not even to land there during a chain; only their five holes on the edge of the middle are open to everyone. Marbles standing in a closed triangle may still be hopped over. With two players Green's triangles stay empty and closed. Marbles may leave your target again.
rules-target-lock-title = Home marbles stay home
rules-target-lock-table = Once a marble is in your target, every move it makes must end inside the target again. It may still step or hop about within it to make room.
rules-target-lock-masters = Once a marble has reached your target, it may only move inside the target. It may still step or hop about within it.
rules-anti-spoil-title = Marbles left at home: the anti-spoiling rule
rules-anti-spoil = Your target is the opponent's starting point, so marbles they never move out would block you. They cannot for long: once everyone has had 30 turns, marbles the player opposite left in your target count for you. Your target is then done when all ten holes are full, with at least one of your marbles and the rest theirs. The same goes for your own marbles left at home: they can finish the game for your opponent, even on your own move.
rules-swap-title = The swap rule
rules-swap = If an opponent's marble sits in your target on a hole one of your marbles could reach, with a step or with the last hop of a chain, you may swap them instead of moving: your marble takes that hole and theirs goes to where yours stood. It is your whole turn. You still need all ten holes with your own marbles to win.
rules-fill-title = The fill rule
rules-fill = Other players' marbles in your target do not stop you. Your target is done as soon as every one of its holes is full, whoever's marbles fill it, as long as at least one is yours. So a move can also finish someone else's target and make them win: watch what you leave in other players' targets.
rules-winning-title = Winning
# Laws and masters with swaps.
rules-winning-own = You win when all ten holes of your target hold your own marbles. The game ends with the first player to do it.
rules-winning-table = You finish when all ten holes of your target hold your marbles (or, after 30 turns each, your marbles and the ones the player opposite left there). The first player to finish wins and the game ends there. Everyone else is placed by how many of their marbles are home, then by how far the rest still have to go.
rules-winning-fill = You win when your target is full and at least one marble in it is yours. The game ends with the first player whose target is done, and that can be someone other than the player who moved.
rules-winning-diamond = You win when all fifteen holes of your target triangle are full and your own king stands on its tip. Other colours' marbles on its five edge holes count as filling it. Keep the tip free for your king: a plain marble there must move out again first. No move may complete another player's win. The game ends with the first winner.
rules-draws-title = Draws and limits
# Laws and masters.
rules-draws-no-progress = If every player passes one after another, nothing can ever change again, and the game is a draw. So that every game ends, it is also a draw when no player has come closer to finishing in 30 turns each: a player comes closer when its marbles outside its target have less way left to the target's tip than ever before in the game. This ends a game in which a marble is left in another player's target for ever.
rules-draws-table = So that every game ends, play stops after 200 turns each. Players are then placed by marbles home and distance still to go, and a player alone in first place wins. The game also stops and is placed the same way if every player passes one after another.
rules-draws-diamond = The game is a draw after 400 moves each (800 moves in all with two players, 1,200 with three), or if every player passes one after another. Repeating a position does not end the game.
rules-passing-title = Passing
rules-passing = You may only pass when none of your marbles can move, which hardly ever happens. Then the game offers a Pass button. Passing counts as your turn.
rules-resigning-title = Resigning
rules-resigning = With two players, resigning gives the game to the other player. With more, the best placed of the others wins (marbles home, then distance to go) and you are placed last. Undo move takes a resignation back.
rules-resigning-diamond = With two players, resigning gives the game to the other player. With three, the other player whose marbles are nearer their target wins (all distances to the target's tip added up); on a tie, the one who plays next. Undo move takes a resignation back.
rules-labels-title = Rows and spaces: R10 S1
rules-labels = The buttons name each hole from your own seat. Rows run from row 1, the tip of your starting point, to row 17, the tip of your target; the middle row is row 9. Spaces are counted from your left within each row, looking from your own point towards the middle. So R1 S1 is always your own tip and R17 S1 the tip you are heading for, and the same hole has different labels for different players.
rules-tips-title = Tips
rules-tips =
    Build ladders: marbles on every other hole of a line let the ones behind them hop a long way. Marbles of every colour are stepping stones, and your opponents can use your ladders too.

    No stragglers. A marble left far behind with nothing near to hop over costs many slow steps at the end, and games are often lost that way.

    Fill your target from the tip, the far end, so the last holes to fill are the easy ones nearest the middle.

    Don't block yourself: a marble parked in the way closes the hole your next hop needs. Sometimes a sideways step that opens a long chain next turn beats a short step forward now.
rules-tips-diamond =
    Build ladders: marbles on every other hole of a line let the ones behind them hop far. Your opponents can use your ladders too, so look where you leave them.

    Bring everyone along. One or two marbles left behind, with nothing near to hop over, cost many slow steps at the end.

    Keep away from the board's edges: the closed triangles leave a marble there few ways to go.

    Line marbles up in front of your king: it can clear the whole row in one hop.

    Fill your target from the far end, keeping the tip for the king, so the holes left to fill are the easy ones near the middle.

    Don't block yourself: a marble parked in the way closes the hole your next hop needs.

## How to play: diagram captions

diagram-step = A step: the red marble moves to the empty hole next to it.
diagram-hop = A hop: over the marble next to it, into the empty hole beyond. The marble hopped over stays on the board.
diagram-chain = A chain of three hops in one turn, over marbles of both colours. Marbles with one-hole gaps between them make a ladder like this.
diagram-through-point = The chain lands for a moment in the point of another player and hops out again. Stopping there after the first hop is not allowed.
diagram-closed-triangle = Red may hop onto the edge of Yellow's target, a hole of the middle, but no red marble may go on into the triangle behind it.
diagram-target-lock = This marble is already home: it may move deeper into the target, but not back out to the middle.
diagram-long-hop = A long hop: the marble two holes away is hopped, and the red marble lands two holes beyond it. Every other hole on the way is empty.
diagram-king-jump = The king hops the whole row of three marbles in one hop and lands on the empty hole just beyond. A plain marble could not.
diagram-swap = A blue marble sits in Red's target where Red's marble could step. Red swaps them: the red marble takes the hole and the blue one goes where the red one stood.
diagram-fill-win = Three blue marbles never left Red's target. Red's step fills its last hole: the target is full and Red wins.
diagram-anti-spoil = Blue kept three marbles at home, in Red's target. Both players have had 30 turns, so when Red's step fills the last hole, those blue marbles count for Red, and Red has finished.
diagram-win = Red's last marble steps in: all ten holes of the target hold red marbles, and Red wins.
diagram-king-home = The red king hops the row of four along the edge and lands on the tip. The target is full and the king is home: Red wins.
diagram-labels = For Red this step goes from R4 S1 to R5 S5. Row 5 is the first row of the middle: it starts with four holes of the point on Red's left, so its first hole of the middle is space 5.

## Refused presses in words

refusal-game-over = The game is over: start a new one or play again.
refusal-empty-origin = There is no marble there to move.
refusal-not-your-piece = That marble belongs to another player: pick one of your own.
refusal-occupied = That hole is taken. A marble may only end its move on an empty hole.
refusal-not-adjacent = A step goes only to a neighbouring hole. To go further, hop over a marble.
refusal-not-reachable = No step or chain of hops gets this marble there. Each hop needs a marble right next to it and an empty hole just beyond.
refusal-no-movement = A move has to take the marble somewhere else.
refusal-must-stay-in-target = This marble is already in your target, so it must end every move inside it. It may still move about within the target.
refusal-cannot-stop-there = You cannot stop in another player's point. Hops may pass through it, but the move must end in the middle, in your own point or in your target.
refusal-cannot-stop-there-diamond = You cannot enter another colour's triangle: only the five holes on the edge of the middle are open to everyone.
refusal-makes-another-win = That move would finish another player's target for them, so it is not allowed.
refusal-cannot-pass = You can still move, so you cannot pass.
refusal-bad-swap = A swap is only for an opponent's marble in your target, on a hole your marble could otherwise reach with a step or a chain of hops.
refusal-swap-not-played = These rules have no swaps.
refusal-nowhere-to-go = This marble is boxed in for now: no ring appears. Pick one with room in front of it.

## Game over: how the game was decided ($winner, $opposite, $resigned, $colour: colour names)

# $left and $turns (numbers).
decided-anti-spoil = { $winner }'s target was filled with { $left } of { $opposite }'s marbles still in it after { $turns } turns each: by the anti-spoiling rule they count for { $winner }, so { $winner } wins.
# $others (number).
decided-fill = { $winner }'s target was full, with { $others } of the other players' marbles in it at least one of them theirs: the fill rule, so { $winner } wins.
decided-filled-diamond = { $winner }'s target was full, with { $others } of the other players' marbles in it and { $winner }'s king on its tip, so { $winner } wins.
# Added (with sentence-pair) when the winner did not make the last move.
decided-completed-by = { $colour }'s own move completed it.
decided-resigned = { $resigned } resigned, so { $winner } wins.
decided-resigned-nearest = Of the others, their marbles were nearest their target.
decided-resigned-best-placed = Of the others, they were best placed: most marbles home, then least distance to go.
decided-all-passed-draw = Nobody could move: every player passed in turn, so nothing could change any more and the game is a draw.
# $moves (number).
decided-move-cap-draw = { $moves } moves each were played without a winner, so the game is a draw.
decided-no-progress-draw = No player came closer to finishing in { $turns } turns each, so the game is a draw: nothing showed it could still be won.
# $turns (number); $first is decided-first-one or decided-first-shared.
decided-ranked-turn-cap = Nobody finished in { $turns } turns each, so the game stopped. Players are placed by marbles home, then by distance still to go: { $first }.
decided-ranked-all-passed = Every player passed in turn, so nothing could change any more and the game stopped. Players are placed by marbles home, then by distance still to go: { $first }.
decided-first-one = { $colour } wins
# $colours: all but the last, joined with list-separator.
decided-first-shared = { $colours } and { $last } share first place

## The guided first game

guided-select-any = Your marbles are the red ones in the point nearest you. Pick one up: tap or click any red marble.
guided-select-any-done = It lifts up. Tap it again to put it down, or tap another red marble instead.
guided-select-movable = Pick up a marble from the front row of your point. A ring appears on every hole it can reach this turn.
guided-select-movable-done = The rings are all the places this marble can go now.
guided-preview = Point at a ringed hole, or tap it once on a touch screen. The way there is drawn and a faint marble shows where yours would land. Nothing moves yet.
guided-preview-done = That is the preview: check it before you move.
guided-step = Make a step: move a marble to an empty hole right next to it. Click the ring, or tap it a second time.
guided-step-meanwhile = No marble can step just now. Make any move, then try a step.
guided-step-done = A step. Now it is Blue's turn; Blue answers quickly.
guided-hop = Make a hop: a marble with another marble right next to it and an empty hole just beyond can jump over it. Any colour can be hopped, and nothing is captured.
guided-hop-meanwhile = No hop is open just now. Step a marble up next to another one, then hop.
guided-hop-done = A hop covers two holes in one move.
guided-chain = Make a chain: a ring further away can mean several hops in a row. Choose that far hole and your marble hops all the way in one move.
guided-chain-meanwhile = No chain is open yet. Leave one-hole gaps between your marbles, a ladder, and one soon will be.
guided-chain-done = A chain: the fastest way across the board.
guided-free = You have it. Play on: fill the far point with all ten red marbles before Blue fills yours. A move may not end in the side points, and a marble that reaches your target stays in it.
guided-not-step = Good move, but not a step. Next turn, move a marble just one hole.
guided-not-hop = Good move, but not a hop. Next turn, jump over a marble.
guided-not-chain = Good move, but not a chain. Next turn, look for a ring two hops away.

## The Play online screen

menu-play-online = Play online
online-page-title = Play online
# $rules: a rule set's name; $count: players.
menu-quick-match = Quick match: { $rules }, { $count } players
menu-quick-match-any = Quick match: any rules, { $count } players
menu-create-private = New private table (send a link)
menu-host-here = Host on this computer (friends on your network open the link)
menu-create-public = New public table (listed below)
# A button that starts typing a name; $name: the name so far.
menu-type-name = Type a name: { $name }
# A button that starts typing a room's code or link; $code: what is typed so far.
menu-type-code = Join by code or link: { $code }
menu-type-server = Server: { $address }
online-bad-server = { $address } is not a server address (http://HOST:PORT): { $reason }
menu-join-code = Join
menu-back = Back
# Shown while typing, after what is typed.
typing-hint = (Enter: done, Esc: cancel)
lobby-connecting = Looking for public tables...
lobby-empty = No public tables yet: a quick match opens one
lobby-count = Public tables: { $count }
lobby-failed = Cannot list the public tables: { $reason }
lobby-column-who = Who
lobby-column-rules = Rules
lobby-column-seats = Seats
lobby-column-clock = Move clock
lobby-column-age = Waiting
# A public table's move clock. $seconds: seconds a move.
lobby-clock = { $seconds ->
        [180] 3 min
       *[other] { $seconds } s
    }
# How long a public table has waited for players. $minutes: whole minutes.
lobby-age = { $minutes ->
        [0] just opened
       *[other] { $minutes } min
    }
lobby-playing = playing
lobby-sit = Sit
lobby-watch = Watch
menu-online-more = More options…
menu-online-less = Fewer options
lobby-refresh = Look again
online-bad-name = A name has 1 to 20 characters, with no line breaks or invisible characters
online-bad-code = "{ $code }" is not a room code (10 letters and digits) or a room link
menu-player-code = Player code: { $code }
menu-player-code-hidden = Player code (to play as you on another device): press to show
menu-new-identity = New player
menu-new-identity-sure = New player: press again to confirm
online-player-code-taken = Player code taken: you play as that player from now on
online-bad-player-code = A player code is 32 characters of 0–9 and a–f (dashes may stay)
online-new-identity-ask = Start over as a new player? Your games and ratings stay with the old code: write it down first. Press New player again to go on.
online-new-identity-done = You are a new player now
replay-loaded = Replay of game { $game }: step through it with the move list
replay-failed = Could not open game { $game }: { $reason }
fetch-status = the server answered { $status }
fetch-garbled = the server's answer could not be read
server-error-too-many-waiting = as many public tables as the server keeps are waiting: join one of them
server-error-too-many-watchers = the server lists its tables to as many players as it can; try later

## My games and the leaderboard

menu-my-games = My games
my-games-title = My games
# $count: games kept; $most: how many are kept at most.
my-games-local-count = Kept on this device: { $count ->
        [one] 1 game
       *[other] { $count } games
    } against the computer (the last { $most })
my-games-local-none = No game against the computer has finished on this device yet
# One rule set and computer level. $played, $won, $lost, $drawn: games; $moves: your moves a game on average.
my-games-stats = { $rules } against { $level }: { $played } played, { $won } won, { $lost } lost, { $drawn } drawn, { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } a game
# A rule set and how many played: "Table, 2 players".
my-games-rules = { $rules }, { $players } players
# A game kept on this device, as a button. $result: won, lost or drawn; $date: the day it ended.
my-games-local-game = { $result }: { $rules } against { $level }, { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }, { $date }
outcome-won = Won
outcome-lost = Lost
outcome-drawn = Drawn
my-games-more = Show more
my-games-online-never = Online games: none yet (play online and they are kept)
my-games-online-loading = Online games: asking the server...
my-games-online-failed = Online games: cannot be read: { $reason }
my-games-online-none = Online games: none kept on the server yet
my-games-online-count = Online games: { $count } (the newest first)
# An online game as a button. $others: the other players' names; $change: the rating's change ("+12").
my-games-online-game = { $result }: { $rules } with { $others }, { $date }
my-games-online-game-rated = { $result } ({ $change }): { $rules } with { $others }, { $date }
my-games-opened = Your game of { $date }: step through it with the move list
menu-leaderboard = Leaderboard
leaderboard-title = Leaderboard
leaderboard-all-counts = All player counts
leaderboard-loading = Asking the server for the leaderboard...
leaderboard-failed = Cannot read the leaderboard: { $reason }
leaderboard-empty = No settled ratings here yet (a rating settles after about ten rated games)
leaderboard-count = { $rules }: the top { $count }
# $rank: the place; $rating: the rating; $games: rated games played.
leaderboard-line = { $rank }. { $name }: { $rating } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
leaderboard-line-you = { $rank }. { $name } (you): { $rating } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
records-unnamed = (no name)
records-no-server = no server chosen (Play online: type the server)
rated-name = { $name } ({ $rating })
game-over-rating = { $seat }: rating { $rating } ({ $change })
