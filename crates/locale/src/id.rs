//! Every message id of the Fluent files, as a constant: the client names messages only
//! through these, so a misspelt or removed id fails the build. Written by
//! `scripts/message-ids.py` from `assets/locales/en/starhalma.ftl`, in its order; a test
//! checks the two are in step.

pub const APP_TITLE: &str = "app-title";
pub const LIST_SEPARATOR: &str = "list-separator";
pub const SENTENCE_PAIR: &str = "sentence-pair";
pub const COLOUR_RED: &str = "colour-red";
pub const COLOUR_PURPLE: &str = "colour-purple";
pub const COLOUR_YELLOW: &str = "colour-yellow";
pub const COLOUR_BLUE: &str = "colour-blue";
pub const COLOUR_GREEN: &str = "colour-green";
pub const COLOUR_ORANGE: &str = "colour-orange";
pub const SYMBOL_DOT: &str = "symbol-dot";
pub const SYMBOL_TRIANGLE: &str = "symbol-triangle";
pub const SYMBOL_SQUARE: &str = "symbol-square";
pub const SYMBOL_DIAMOND: &str = "symbol-diamond";
pub const SYMBOL_STAR: &str = "symbol-star";
pub const SYMBOL_RING: &str = "symbol-ring";
pub const SEAT_TAG: &str = "seat-tag";
pub const LEVEL_EASY: &str = "level-easy";
pub const LEVEL_MEDIUM: &str = "level-medium";
pub const LEVEL_HARD: &str = "level-hard";
pub const SEAT_HUMAN: &str = "seat-human";
pub const SEAT_ONLINE: &str = "seat-online";
pub const RULES_LAWS: &str = "rules-laws";
pub const RULES_TABLE: &str = "rules-table";
pub const RULES_TABLE_LONG_HOPS: &str = "rules-table-long-hops";
pub const RULES_MASTERS_SWAP: &str = "rules-masters-swap";
pub const RULES_MASTERS_FILL: &str = "rules-masters-fill";
pub const RULES_MASTERS: &str = "rules-masters";
pub const RULES_DIAMOND: &str = "rules-diamond";
pub const SPEED_SLOW: &str = "speed-slow";
pub const SPEED_NORMAL: &str = "speed-normal";
pub const SPEED_FAST: &str = "speed-fast";
pub const SPEED_INSTANT: &str = "speed-instant";
pub const MENU_PLAYERS: &str = "menu-players";
pub const MENU_SEAT: &str = "menu-seat";
pub const MENU_WHO_STARTS: &str = "menu-who-starts";
pub const MENU_STARTS_RANDOM: &str = "menu-starts-random";
pub const MENU_START: &str = "menu-start";
pub const MENU_PLAY_FRIEND: &str = "menu-play-friend";
pub const MENU_PLAYER_NAME: &str = "menu-player-name";
pub const MENU_PLAYER_NAME_NEW: &str = "menu-player-name-new";
pub const MENU_ROOM_CLOCK: &str = "menu-room-clock";
pub const MENU_CONTINUE: &str = "menu-continue";
pub const MENU_LOAD_SAVED: &str = "menu-load-saved";
pub const MENU_GUIDED: &str = "menu-guided";
pub const MENU_GUIDED_FIRST_START: &str = "menu-guided-first-start";
pub const MENU_LANGUAGE: &str = "menu-language";
pub const MENU_PAGE_CONTROLS_ON: &str = "menu-page-controls-on";
pub const MENU_PAGE_CONTROLS_OFF: &str = "menu-page-controls-off";
pub const BUTTON_ANGLED: &str = "button-angled";
pub const BUTTON_TOP_DOWN: &str = "button-top-down";
pub const BUTTON_SPEED: &str = "button-speed";
pub const BUTTON_SOUND_ON: &str = "button-sound-on";
pub const BUTTON_SOUND_OFF: &str = "button-sound-off";
pub const BUTTON_SYMBOLS_ON: &str = "button-symbols-on";
pub const BUTTON_SYMBOLS_OFF: &str = "button-symbols-off";
pub const BUTTON_HINT: &str = "button-hint";
pub const BUTTON_HOW_TO_PLAY: &str = "button-how-to-play";
pub const BUTTON_SAVE: &str = "button-save";
pub const BUTTON_LOAD: &str = "button-load";
pub const BUTTON_UNDO: &str = "button-undo";
pub const BUTTON_PASS: &str = "button-pass";
pub const BUTTON_RESIGN: &str = "button-resign";
pub const BUTTON_PLAY_AGAIN: &str = "button-play-again";
pub const BUTTON_COPY_LINK: &str = "button-copy-link";
pub const BUTTON_COPY_REPLAY_LINK: &str = "button-copy-replay-link";
pub const BUTTON_JOIN: &str = "button-join";
pub const BUTTON_FILL_COMPUTER: &str = "button-fill-computer";
pub const BUTTON_LEAVE: &str = "button-leave";
pub const BUTTON_REMATCH: &str = "button-rematch";
pub const BUTTON_REMATCH_SWAP: &str = "button-rematch-swap";
pub const BUTTON_REMATCH_SAME: &str = "button-rematch-same";
pub const BUTTON_CHANGE_MODE: &str = "button-change-mode";
pub const BUTTON_MORE: &str = "button-more";
pub const BUTTON_MORE_CLOSE: &str = "button-more-close";
pub const BUTTON_PREVIOUS: &str = "button-previous";
pub const BUTTON_NEXT: &str = "button-next";
pub const BUTTON_CLOSE: &str = "button-close";
pub const BUTTON_HOW_DECIDED: &str = "button-how-decided";
pub const BUTTON_MOVES_LABELS: &str = "button-moves-labels";
pub const BUTTON_MOVES_NOTATION: &str = "button-moves-notation";
pub const MOVE_STEP: &str = "move-step";
pub const MOVE_SWAP: &str = "move-swap";
pub const MOVE_JUMPS: &str = "move-jumps";
pub const HUD_MOVED: &str = "hud-moved";
pub const HUD_PASSED: &str = "hud-passed";
pub const HUD_COMPUTER_THINKING: &str = "hud-computer-thinking";
pub const HUD_COMPUTER: &str = "hud-computer";
pub const HUD_TO_MOVE: &str = "hud-to-move";
pub const HUD_TO_MOVE_ONLINE: &str = "hud-to-move-online";
pub const HUD_WAITING_TO_START: &str = "hud-waiting-to-start";
pub const RESULT_WINS_HOME: &str = "result-wins-home";
pub const RESULT_WINS_KING: &str = "result-wins-king";
pub const RESULT_WINS_FILLED: &str = "result-wins-filled";
pub const RESULT_WINS_ANTI_SPOILING: &str = "result-wins-anti-spoiling";
pub const RESULT_WINS_RESIGNATION: &str = "result-wins-resignation";
pub const RESULT_DRAW_ALL_PASSED: &str = "result-draw-all-passed";
pub const RESULT_DRAW_MOVE_CAP: &str = "result-draw-move-cap";
pub const RESULT_DRAW_NO_PROGRESS: &str = "result-draw-no-progress";
pub const RESULT_WINS_ON_HOME: &str = "result-wins-on-home";
pub const RESULT_WINS_ON_DISTANCE: &str = "result-wins-on-distance";
pub const RESULT_FIRST_SHARED: &str = "result-first-shared";
pub const RESULT_AFTER_TURNS: &str = "result-after-turns";
pub const RESULT_WHEN_ALL_PASSED: &str = "result-when-all-passed";
pub const RESULT_PLACE: &str = "result-place";
pub const RESULT_PLACE_FINISHED: &str = "result-place-finished";
pub const RESULT_PLACE_RESIGNED: &str = "result-place-resigned";
pub const HUD_HOME_COUNT: &str = "hud-home-count";
pub const HUD_HOME: &str = "hud-home";
pub const HUD_KING_TO_TIP: &str = "hud-king-to-tip";
pub const HUD_SEND_LINK: &str = "hud-send-link";
pub const NOTICE_NOT_ALLOWED: &str = "notice-not-allowed";
pub const NOTICE_NO_HINT: &str = "notice-no-hint";
pub const NOTICE_HINT: &str = "notice-hint";
pub const PANEL_PASS: &str = "panel-pass";
pub const PANEL_BACK: &str = "panel-back";
pub const PANEL_KING: &str = "panel-king";
pub const PANEL_DESTINATION: &str = "panel-destination";
pub const PANEL_REPLAY: &str = "panel-replay";
pub const PANEL_GAME_OVER: &str = "panel-game-over";
pub const PANEL_WAITING: &str = "panel-waiting";
pub const PANEL_MARBLE_TO: &str = "panel-marble-to";
pub const PANEL_YOUR_MARBLES: &str = "panel-your-marbles";
pub const TEXT_BOARD_COLOUR: &str = "text-board-colour";
pub const TEXT_BOARD_KEY: &str = "text-board-key";
pub const TEXT_BOARD_KING: &str = "text-board-king";
pub const MOVES_HEADING: &str = "moves-heading";
pub const MOVES_LIVE: &str = "moves-live";
pub const MOVES_ENTRY: &str = "moves-entry";
pub const MOVES_PASS: &str = "moves-pass";
pub const MOVES_FIRST: &str = "moves-first";
pub const HOW_TO_PLAY_TITLE: &str = "how-to-play-title";
pub const HOW_TO_PLAY_SECTION: &str = "how-to-play-section";
pub const ONLINE_CONNECTING: &str = "online-connecting";
pub const ONLINE_RECONNECTING: &str = "online-reconnecting";
pub const ONLINE_EXPIRED: &str = "online-expired";
pub const ONLINE_REPLACED: &str = "online-replaced";
pub const ONLINE_FAILED: &str = "online-failed";
pub const ONLINE_AWAY_COUNTDOWN: &str = "online-away-countdown";
pub const ONLINE_AWAY: &str = "online-away";
pub const ONLINE_WATCHING: &str = "online-watching";
pub const ONLINE_WATCHING_FULL: &str = "online-watching-full";
pub const ONLINE_WAITING: &str = "online-waiting";
pub const ONLINE_WAITING_IN: &str = "online-waiting-in";
pub const ONLINE_WATCHING_ROOM: &str = "online-watching-room";
pub const ONLINE_WAITING_LONG: &str = "online-waiting-long";
pub const ONLINE_YOU_ARE: &str = "online-you-are";
pub const ONLINE_LINK_COPIED: &str = "online-link-copied";
pub const ONLINE_COPY_THIS_LINK: &str = "online-copy-this-link";
pub const ONLINE_LINK_PRINTED: &str = "online-link-printed";
pub const ONLINE_NO_SERVER: &str = "online-no-server";
pub const ONLINE_WAIT_FOR_SERVER: &str = "online-wait-for-server";
pub const ONLINE_SERVER_CLOSED: &str = "online-server-closed";
pub const ONLINE_SERVER_SILENT: &str = "online-server-silent";
pub const ONLINE_CLOSED_CODE: &str = "online-closed-code";
pub const ONLINE_BROWSER_REFUSED: &str = "online-browser-refused";
pub const ONLINE_BAD_LINK: &str = "online-bad-link";
pub const SEAT_NAMED: &str = "seat-named";
pub const SEAT_NAMED_RATED: &str = "seat-named-rated";
pub const SEAT_COMPUTER: &str = "seat-computer";
pub const NAME_SUGGESTION: &str = "name-suggestion";
pub const NAME_ADJECTIVES: &str = "name-adjectives";
pub const NAME_MARBLES: &str = "name-marbles";
pub const REACTION_HELLO: &str = "reaction-hello";
pub const REACTION_GOOD_MOVE: &str = "reaction-good-move";
pub const REACTION_THANKS: &str = "reaction-thanks";
pub const REACTION_OOPS: &str = "reaction-oops";
pub const REACTION_WELL_PLAYED: &str = "reaction-well-played";
pub const REACTION_YOUR_TURN: &str = "reaction-your-turn";
pub const REACTION_GOOD_GAME: &str = "reaction-good-game";
pub const REACTION_REMATCH: &str = "reaction-rematch";
pub const REACTION_SAID: &str = "reaction-said";
pub const BUTTON_REACT: &str = "button-react";
pub const BUTTON_REACTIONS_ON: &str = "button-reactions-on";
pub const BUTTON_REACTIONS_OFF: &str = "button-reactions-off";
pub const HUD_TURN_CLOCK: &str = "hud-turn-clock";
pub const ONLINE_IDLE: &str = "online-idle";
pub const BUTTON_BACK: &str = "button-back";
pub const LINK_NO_ROOM: &str = "link-no-room";
pub const LINK_BAD_SCHEME: &str = "link-bad-scheme";
pub const LINK_NO_HOST: &str = "link-no-host";
pub const LINK_BAD_HOST: &str = "link-bad-host";
pub const LINK_NO_GAME: &str = "link-no-game";
pub const LINK_BAD_ROOM: &str = "link-bad-room";
pub const SERVER_ERROR_RATE_LIMITED: &str = "server-error-rate-limited";
pub const SERVER_ERROR_TOO_MANY_CONNECTIONS: &str = "server-error-too-many-connections";
pub const SERVER_ERROR_TOO_MANY_ROOMS: &str = "server-error-too-many-rooms";
pub const SERVER_ERROR_TOO_MANY_ROOMS_CREATED: &str = "server-error-too-many-rooms-created";
pub const SERVER_ERROR_NO_SUCH_ROOM: &str = "server-error-no-such-room";
pub const SERVER_ERROR_EXPIRED: &str = "server-error-expired";
pub const SERVER_ERROR_BAD_TOKEN: &str = "server-error-bad-token";
pub const SERVER_ERROR_ROOM_FULL: &str = "server-error-room-full";
pub const SERVER_ERROR_SPECTATOR: &str = "server-error-spectator";
pub const SERVER_ERROR_NOT_HOST: &str = "server-error-not-host";
pub const SERVER_ERROR_ALREADY_STARTED: &str = "server-error-already-started";
pub const SERVER_ERROR_NOT_STARTED: &str = "server-error-not-started";
pub const SERVER_ERROR_RESIGN_INSTEAD: &str = "server-error-resign-instead";
pub const SERVER_ERROR_GAME_NOT_OVER: &str = "server-error-game-not-over";
pub const SERVER_ERROR_UNAVAILABLE: &str = "server-error-unavailable";
pub const REASON_ANIMATING: &str = "reason-animating";
pub const REASON_REPLAY: &str = "reason-replay";
pub const REASON_NOT_YOUR_TURN: &str = "reason-not-your-turn";
pub const REASON_NO_SEAT: &str = "reason-no-seat";
pub const REASON_PERSON_RESIGN: &str = "reason-person-resign";
pub const REASON_PERSON_LEAVE: &str = "reason-person-leave";
pub const REASON_NO_ONLINE_UNDO: &str = "reason-no-online-undo";
pub const REASON_NOTHING_TO_UNDO: &str = "reason-nothing-to-undo";
pub const REASON_LEAVE_OFFLINE: &str = "reason-leave-offline";
pub const REASON_LEAVE_TWO: &str = "reason-leave-two";
pub const REASON_REMATCH_OFFLINE: &str = "reason-rematch-offline";
pub const REASON_NOT_OVER: &str = "reason-not-over";
pub const REASON_NOT_ONLINE: &str = "reason-not-online";
pub const REASON_ALREADY_BEGUN: &str = "reason-already-begun";
pub const REASON_GAME_ALREADY_OVER: &str = "reason-game-already-over";
pub const REASON_SEAT_COUNT: &str = "reason-seat-count";
pub const REASON_SEATS_FOR: &str = "reason-seats-for";
pub const ILLEGAL_GAME_OVER: &str = "illegal-game-over";
pub const ILLEGAL_EMPTY_ORIGIN: &str = "illegal-empty-origin";
pub const ILLEGAL_NOT_YOUR_PIECE: &str = "illegal-not-your-piece";
pub const ILLEGAL_OCCUPIED: &str = "illegal-occupied";
pub const ILLEGAL_NOT_ADJACENT: &str = "illegal-not-adjacent";
pub const ILLEGAL_NOT_REACHABLE: &str = "illegal-not-reachable";
pub const ILLEGAL_NO_MOVEMENT: &str = "illegal-no-movement";
pub const ILLEGAL_MUST_STAY_IN_TARGET: &str = "illegal-must-stay-in-target";
pub const ILLEGAL_CANNOT_STOP_THERE: &str = "illegal-cannot-stop-there";
pub const ILLEGAL_MAKES_ANOTHER_WIN: &str = "illegal-makes-another-win";
pub const ILLEGAL_CANNOT_PASS: &str = "illegal-cannot-pass";
pub const ILLEGAL_BAD_SWAP: &str = "illegal-bad-swap";
pub const ILLEGAL_SWAP_NOT_PLAYED: &str = "illegal-swap-not-played";
pub const FILE_SAVED: &str = "file-saved";
pub const FILE_SAVE_FAILED: &str = "file-save-failed";
pub const FILE_NOTHING_SAVED: &str = "file-nothing-saved";
pub const FILE_LOAD_FAILED: &str = "file-load-failed";
pub const FILE_LOAD_FAILED_FROM: &str = "file-load-failed-from";
pub const FILE_LOADED: &str = "file-loaded";
pub const STORE_BROWSER: &str = "store-browser";
pub const STORE_NOWHERE: &str = "store-nowhere";
pub const STORE_NO_LOCAL_STORAGE: &str = "store-no-local-storage";
pub const STORE_REFUSED: &str = "store-refused";
pub const STORE_NO_BROWSER_STORAGE: &str = "store-no-browser-storage";
pub const LOAD_NOT_READABLE: &str = "load-not-readable";
pub const LOAD_NOT_STARHALMA: &str = "load-not-starhalma";
pub const LOAD_NEWER_VERSION: &str = "load-newer-version";
pub const LOAD_ILLEGAL_MOVE: &str = "load-illegal-move";
pub const LOAD_BAD_RESIGNATION: &str = "load-bad-resignation";
pub const LOAD_BAD_START: &str = "load-bad-start";
pub const LOAD_SEATS_LIST: &str = "load-seats-list";
pub const LOAD_SEAT_COUNT: &str = "load-seat-count";
pub const WEB_LOADING: &str = "web-loading";
pub const WEB_DOWNLOADING: &str = "web-downloading";
pub const WEB_STARTING: &str = "web-starting";
pub const WEB_NO_WEBGL2: &str = "web-no-webgl2";
pub const WEB_START_FAILED: &str = "web-start-failed";
pub const WEB_DOWNLOAD_FAILED: &str = "web-download-failed";
pub const PAGE_CONTROLS: &str = "page-controls";
pub const SUMMARY_LAWS: &str = "summary-laws";
pub const SUMMARY_TABLE: &str = "summary-table";
pub const SUMMARY_TABLE_LONG_HOPS: &str = "summary-table-long-hops";
pub const SUMMARY_MASTERS_SWAP: &str = "summary-masters-swap";
pub const SUMMARY_MASTERS_FILL: &str = "summary-masters-fill";
pub const SUMMARY_DIAMOND: &str = "summary-diamond";
pub const RULES_AIM_TITLE: &str = "rules-aim-title";
pub const RULES_AIM: &str = "rules-aim";
pub const RULES_AIM_DIAMOND: &str = "rules-aim-diamond";
pub const RULES_STEP_TITLE: &str = "rules-step-title";
pub const RULES_STEP: &str = "rules-step";
pub const RULES_HOP_TITLE: &str = "rules-hop-title";
pub const RULES_HOP: &str = "rules-hop";
pub const RULES_HOP_DIAMOND: &str = "rules-hop-diamond";
pub const RULES_CHAIN_TITLE: &str = "rules-chain-title";
pub const RULES_CHAIN: &str = "rules-chain";
pub const RULES_LONG_HOPS_TITLE: &str = "rules-long-hops-title";
pub const RULES_LONG_HOPS: &str = "rules-long-hops";
pub const RULES_KING_TITLE: &str = "rules-king-title";
pub const RULES_KING: &str = "rules-king";
pub const RULES_WHERE_TITLE: &str = "rules-where-title";
pub const RULES_WHERE_LAWS: &str = "rules-where-laws";
pub const RULES_WHERE_TABLE: &str = "rules-where-table";
pub const RULES_WHERE_MASTERS: &str = "rules-where-masters";
pub const RULES_CLOSED_TITLE: &str = "rules-closed-title";
pub const RULES_CLOSED: &str = "rules-closed";
pub const RULES_TARGET_LOCK_TITLE: &str = "rules-target-lock-title";
pub const RULES_TARGET_LOCK_TABLE: &str = "rules-target-lock-table";
pub const RULES_TARGET_LOCK_MASTERS: &str = "rules-target-lock-masters";
pub const RULES_ANTI_SPOIL_TITLE: &str = "rules-anti-spoil-title";
pub const RULES_ANTI_SPOIL: &str = "rules-anti-spoil";
pub const RULES_SWAP_TITLE: &str = "rules-swap-title";
pub const RULES_SWAP: &str = "rules-swap";
pub const RULES_FILL_TITLE: &str = "rules-fill-title";
pub const RULES_FILL: &str = "rules-fill";
pub const RULES_WINNING_TITLE: &str = "rules-winning-title";
pub const RULES_WINNING_OWN: &str = "rules-winning-own";
pub const RULES_WINNING_TABLE: &str = "rules-winning-table";
pub const RULES_WINNING_FILL: &str = "rules-winning-fill";
pub const RULES_WINNING_DIAMOND: &str = "rules-winning-diamond";
pub const RULES_DRAWS_TITLE: &str = "rules-draws-title";
pub const RULES_DRAWS_NO_PROGRESS: &str = "rules-draws-no-progress";
pub const RULES_DRAWS_TABLE: &str = "rules-draws-table";
pub const RULES_DRAWS_DIAMOND: &str = "rules-draws-diamond";
pub const RULES_PASSING_TITLE: &str = "rules-passing-title";
pub const RULES_PASSING: &str = "rules-passing";
pub const RULES_RESIGNING_TITLE: &str = "rules-resigning-title";
pub const RULES_RESIGNING: &str = "rules-resigning";
pub const RULES_RESIGNING_DIAMOND: &str = "rules-resigning-diamond";
pub const RULES_LABELS_TITLE: &str = "rules-labels-title";
pub const RULES_LABELS: &str = "rules-labels";
pub const RULES_TIPS_TITLE: &str = "rules-tips-title";
pub const RULES_TIPS: &str = "rules-tips";
pub const RULES_TIPS_DIAMOND: &str = "rules-tips-diamond";
pub const DIAGRAM_STEP: &str = "diagram-step";
pub const DIAGRAM_HOP: &str = "diagram-hop";
pub const DIAGRAM_CHAIN: &str = "diagram-chain";
pub const DIAGRAM_THROUGH_POINT: &str = "diagram-through-point";
pub const DIAGRAM_CLOSED_TRIANGLE: &str = "diagram-closed-triangle";
pub const DIAGRAM_TARGET_LOCK: &str = "diagram-target-lock";
pub const DIAGRAM_LONG_HOP: &str = "diagram-long-hop";
pub const DIAGRAM_KING_JUMP: &str = "diagram-king-jump";
pub const DIAGRAM_SWAP: &str = "diagram-swap";
pub const DIAGRAM_FILL_WIN: &str = "diagram-fill-win";
pub const DIAGRAM_ANTI_SPOIL: &str = "diagram-anti-spoil";
pub const DIAGRAM_WIN: &str = "diagram-win";
pub const DIAGRAM_KING_HOME: &str = "diagram-king-home";
pub const DIAGRAM_LABELS: &str = "diagram-labels";
pub const REFUSAL_GAME_OVER: &str = "refusal-game-over";
pub const REFUSAL_EMPTY_ORIGIN: &str = "refusal-empty-origin";
pub const REFUSAL_NOT_YOUR_PIECE: &str = "refusal-not-your-piece";
pub const REFUSAL_OCCUPIED: &str = "refusal-occupied";
pub const REFUSAL_NOT_ADJACENT: &str = "refusal-not-adjacent";
pub const REFUSAL_NOT_REACHABLE: &str = "refusal-not-reachable";
pub const REFUSAL_NO_MOVEMENT: &str = "refusal-no-movement";
pub const REFUSAL_MUST_STAY_IN_TARGET: &str = "refusal-must-stay-in-target";
pub const REFUSAL_CANNOT_STOP_THERE: &str = "refusal-cannot-stop-there";
pub const REFUSAL_CANNOT_STOP_THERE_DIAMOND: &str = "refusal-cannot-stop-there-diamond";
pub const REFUSAL_MAKES_ANOTHER_WIN: &str = "refusal-makes-another-win";
pub const REFUSAL_CANNOT_PASS: &str = "refusal-cannot-pass";
pub const REFUSAL_BAD_SWAP: &str = "refusal-bad-swap";
pub const REFUSAL_SWAP_NOT_PLAYED: &str = "refusal-swap-not-played";
pub const REFUSAL_NOWHERE_TO_GO: &str = "refusal-nowhere-to-go";
pub const DECIDED_ANTI_SPOIL: &str = "decided-anti-spoil";
pub const DECIDED_FILL: &str = "decided-fill";
pub const DECIDED_FILLED_DIAMOND: &str = "decided-filled-diamond";
pub const DECIDED_COMPLETED_BY: &str = "decided-completed-by";
pub const DECIDED_RESIGNED: &str = "decided-resigned";
pub const DECIDED_RESIGNED_NEAREST: &str = "decided-resigned-nearest";
pub const DECIDED_RESIGNED_BEST_PLACED: &str = "decided-resigned-best-placed";
pub const DECIDED_ALL_PASSED_DRAW: &str = "decided-all-passed-draw";
pub const DECIDED_MOVE_CAP_DRAW: &str = "decided-move-cap-draw";
pub const DECIDED_NO_PROGRESS_DRAW: &str = "decided-no-progress-draw";
pub const DECIDED_RANKED_TURN_CAP: &str = "decided-ranked-turn-cap";
pub const DECIDED_RANKED_ALL_PASSED: &str = "decided-ranked-all-passed";
pub const DECIDED_FIRST_ONE: &str = "decided-first-one";
pub const DECIDED_FIRST_SHARED: &str = "decided-first-shared";
pub const GUIDED_SELECT_ANY: &str = "guided-select-any";
pub const GUIDED_SELECT_ANY_DONE: &str = "guided-select-any-done";
pub const GUIDED_SELECT_MOVABLE: &str = "guided-select-movable";
pub const GUIDED_SELECT_MOVABLE_DONE: &str = "guided-select-movable-done";
pub const GUIDED_PREVIEW: &str = "guided-preview";
pub const GUIDED_PREVIEW_DONE: &str = "guided-preview-done";
pub const GUIDED_STEP: &str = "guided-step";
pub const GUIDED_STEP_MEANWHILE: &str = "guided-step-meanwhile";
pub const GUIDED_STEP_DONE: &str = "guided-step-done";
pub const GUIDED_HOP: &str = "guided-hop";
pub const GUIDED_HOP_MEANWHILE: &str = "guided-hop-meanwhile";
pub const GUIDED_HOP_DONE: &str = "guided-hop-done";
pub const GUIDED_CHAIN: &str = "guided-chain";
pub const GUIDED_CHAIN_MEANWHILE: &str = "guided-chain-meanwhile";
pub const GUIDED_CHAIN_DONE: &str = "guided-chain-done";
pub const GUIDED_FREE: &str = "guided-free";
pub const GUIDED_NOT_STEP: &str = "guided-not-step";
pub const GUIDED_NOT_HOP: &str = "guided-not-hop";
pub const GUIDED_NOT_CHAIN: &str = "guided-not-chain";
pub const MENU_PLAY_ONLINE: &str = "menu-play-online";
pub const ONLINE_PAGE_TITLE: &str = "online-page-title";
pub const MENU_QUICK_MATCH: &str = "menu-quick-match";
pub const MENU_QUICK_MATCH_ANY: &str = "menu-quick-match-any";
pub const MENU_CREATE_PRIVATE: &str = "menu-create-private";
pub const MENU_HOST_HERE: &str = "menu-host-here";
pub const MENU_CREATE_PUBLIC: &str = "menu-create-public";
pub const MENU_TYPE_NAME: &str = "menu-type-name";
pub const MENU_TYPE_CODE: &str = "menu-type-code";
pub const MENU_TYPE_SERVER: &str = "menu-type-server";
pub const ONLINE_BAD_SERVER: &str = "online-bad-server";
pub const MENU_JOIN_CODE: &str = "menu-join-code";
pub const MENU_BACK: &str = "menu-back";
pub const TYPING_HINT: &str = "typing-hint";
pub const LOBBY_CONNECTING: &str = "lobby-connecting";
pub const LOBBY_EMPTY: &str = "lobby-empty";
pub const LOBBY_COUNT: &str = "lobby-count";
pub const LOBBY_FAILED: &str = "lobby-failed";
pub const LOBBY_COLUMN_WHO: &str = "lobby-column-who";
pub const LOBBY_COLUMN_RULES: &str = "lobby-column-rules";
pub const LOBBY_COLUMN_SEATS: &str = "lobby-column-seats";
pub const LOBBY_COLUMN_CLOCK: &str = "lobby-column-clock";
pub const LOBBY_COLUMN_AGE: &str = "lobby-column-age";
pub const LOBBY_CLOCK: &str = "lobby-clock";
pub const LOBBY_AGE: &str = "lobby-age";
pub const LOBBY_PLAYING: &str = "lobby-playing";
pub const LOBBY_SIT: &str = "lobby-sit";
pub const LOBBY_WATCH: &str = "lobby-watch";
pub const MENU_ONLINE_MORE: &str = "menu-online-more";
pub const MENU_ONLINE_LESS: &str = "menu-online-less";
pub const LOBBY_REFRESH: &str = "lobby-refresh";
pub const ONLINE_BAD_NAME: &str = "online-bad-name";
pub const ONLINE_BAD_CODE: &str = "online-bad-code";
pub const MENU_PLAYER_CODE: &str = "menu-player-code";
pub const MENU_PLAYER_CODE_HIDDEN: &str = "menu-player-code-hidden";
pub const MENU_NEW_IDENTITY: &str = "menu-new-identity";
pub const MENU_NEW_IDENTITY_SURE: &str = "menu-new-identity-sure";
pub const ONLINE_PLAYER_CODE_TAKEN: &str = "online-player-code-taken";
pub const ONLINE_BAD_PLAYER_CODE: &str = "online-bad-player-code";
pub const ONLINE_NEW_IDENTITY_ASK: &str = "online-new-identity-ask";
pub const ONLINE_NEW_IDENTITY_DONE: &str = "online-new-identity-done";
pub const REPLAY_LOADED: &str = "replay-loaded";
pub const REPLAY_FAILED: &str = "replay-failed";
pub const FETCH_STATUS: &str = "fetch-status";
pub const FETCH_GARBLED: &str = "fetch-garbled";
pub const SERVER_ERROR_TOO_MANY_WAITING: &str = "server-error-too-many-waiting";
pub const SERVER_ERROR_TOO_MANY_WATCHERS: &str = "server-error-too-many-watchers";
pub const MENU_MY_GAMES: &str = "menu-my-games";
pub const MY_GAMES_TITLE: &str = "my-games-title";
pub const MY_GAMES_LOCAL_COUNT: &str = "my-games-local-count";
pub const MY_GAMES_LOCAL_NONE: &str = "my-games-local-none";
pub const MY_GAMES_STATS: &str = "my-games-stats";
pub const MY_GAMES_RULES: &str = "my-games-rules";
pub const MY_GAMES_LOCAL_GAME: &str = "my-games-local-game";
pub const OUTCOME_WON: &str = "outcome-won";
pub const OUTCOME_LOST: &str = "outcome-lost";
pub const OUTCOME_DRAWN: &str = "outcome-drawn";
pub const MY_GAMES_MORE: &str = "my-games-more";
pub const MY_GAMES_ONLINE_NEVER: &str = "my-games-online-never";
pub const MY_GAMES_ONLINE_LOADING: &str = "my-games-online-loading";
pub const MY_GAMES_ONLINE_FAILED: &str = "my-games-online-failed";
pub const MY_GAMES_ONLINE_NONE: &str = "my-games-online-none";
pub const MY_GAMES_ONLINE_COUNT: &str = "my-games-online-count";
pub const MY_GAMES_ONLINE_GAME: &str = "my-games-online-game";
pub const MY_GAMES_ONLINE_GAME_RATED: &str = "my-games-online-game-rated";
pub const MY_GAMES_OPENED: &str = "my-games-opened";
pub const MENU_LEADERBOARD: &str = "menu-leaderboard";
pub const LEADERBOARD_TITLE: &str = "leaderboard-title";
pub const LEADERBOARD_ALL_COUNTS: &str = "leaderboard-all-counts";
pub const LEADERBOARD_LOADING: &str = "leaderboard-loading";
pub const LEADERBOARD_FAILED: &str = "leaderboard-failed";
pub const LEADERBOARD_EMPTY: &str = "leaderboard-empty";
pub const LEADERBOARD_COUNT: &str = "leaderboard-count";
pub const LEADERBOARD_LINE: &str = "leaderboard-line";
pub const LEADERBOARD_LINE_YOU: &str = "leaderboard-line-you";
pub const RECORDS_UNNAMED: &str = "records-unnamed";
pub const RECORDS_NO_SERVER: &str = "records-no-server";
pub const RATED_NAME: &str = "rated-name";
pub const GAME_OVER_RATING: &str = "game-over-rating";

/// Every id above, in the English file's order.
pub const ALL: &[&str] = &[
    APP_TITLE,
    LIST_SEPARATOR,
    SENTENCE_PAIR,
    COLOUR_RED,
    COLOUR_PURPLE,
    COLOUR_YELLOW,
    COLOUR_BLUE,
    COLOUR_GREEN,
    COLOUR_ORANGE,
    SYMBOL_DOT,
    SYMBOL_TRIANGLE,
    SYMBOL_SQUARE,
    SYMBOL_DIAMOND,
    SYMBOL_STAR,
    SYMBOL_RING,
    SEAT_TAG,
    LEVEL_EASY,
    LEVEL_MEDIUM,
    LEVEL_HARD,
    SEAT_HUMAN,
    SEAT_ONLINE,
    RULES_LAWS,
    RULES_TABLE,
    RULES_TABLE_LONG_HOPS,
    RULES_MASTERS_SWAP,
    RULES_MASTERS_FILL,
    RULES_MASTERS,
    RULES_DIAMOND,
    SPEED_SLOW,
    SPEED_NORMAL,
    SPEED_FAST,
    SPEED_INSTANT,
    MENU_PLAYERS,
    MENU_SEAT,
    MENU_WHO_STARTS,
    MENU_STARTS_RANDOM,
    MENU_START,
    MENU_PLAY_FRIEND,
    MENU_PLAYER_NAME,
    MENU_PLAYER_NAME_NEW,
    MENU_ROOM_CLOCK,
    MENU_CONTINUE,
    MENU_LOAD_SAVED,
    MENU_GUIDED,
    MENU_GUIDED_FIRST_START,
    MENU_LANGUAGE,
    MENU_PAGE_CONTROLS_ON,
    MENU_PAGE_CONTROLS_OFF,
    BUTTON_ANGLED,
    BUTTON_TOP_DOWN,
    BUTTON_SPEED,
    BUTTON_SOUND_ON,
    BUTTON_SOUND_OFF,
    BUTTON_SYMBOLS_ON,
    BUTTON_SYMBOLS_OFF,
    BUTTON_HINT,
    BUTTON_HOW_TO_PLAY,
    BUTTON_SAVE,
    BUTTON_LOAD,
    BUTTON_UNDO,
    BUTTON_PASS,
    BUTTON_RESIGN,
    BUTTON_PLAY_AGAIN,
    BUTTON_COPY_LINK,
    BUTTON_COPY_REPLAY_LINK,
    BUTTON_JOIN,
    BUTTON_FILL_COMPUTER,
    BUTTON_LEAVE,
    BUTTON_REMATCH,
    BUTTON_REMATCH_SWAP,
    BUTTON_REMATCH_SAME,
    BUTTON_CHANGE_MODE,
    BUTTON_MORE,
    BUTTON_MORE_CLOSE,
    BUTTON_PREVIOUS,
    BUTTON_NEXT,
    BUTTON_CLOSE,
    BUTTON_HOW_DECIDED,
    BUTTON_MOVES_LABELS,
    BUTTON_MOVES_NOTATION,
    MOVE_STEP,
    MOVE_SWAP,
    MOVE_JUMPS,
    HUD_MOVED,
    HUD_PASSED,
    HUD_COMPUTER_THINKING,
    HUD_COMPUTER,
    HUD_TO_MOVE,
    HUD_TO_MOVE_ONLINE,
    HUD_WAITING_TO_START,
    RESULT_WINS_HOME,
    RESULT_WINS_KING,
    RESULT_WINS_FILLED,
    RESULT_WINS_ANTI_SPOILING,
    RESULT_WINS_RESIGNATION,
    RESULT_DRAW_ALL_PASSED,
    RESULT_DRAW_MOVE_CAP,
    RESULT_DRAW_NO_PROGRESS,
    RESULT_WINS_ON_HOME,
    RESULT_WINS_ON_DISTANCE,
    RESULT_FIRST_SHARED,
    RESULT_AFTER_TURNS,
    RESULT_WHEN_ALL_PASSED,
    RESULT_PLACE,
    RESULT_PLACE_FINISHED,
    RESULT_PLACE_RESIGNED,
    HUD_HOME_COUNT,
    HUD_HOME,
    HUD_KING_TO_TIP,
    HUD_SEND_LINK,
    NOTICE_NOT_ALLOWED,
    NOTICE_NO_HINT,
    NOTICE_HINT,
    PANEL_PASS,
    PANEL_BACK,
    PANEL_KING,
    PANEL_DESTINATION,
    PANEL_REPLAY,
    PANEL_GAME_OVER,
    PANEL_WAITING,
    PANEL_MARBLE_TO,
    PANEL_YOUR_MARBLES,
    TEXT_BOARD_COLOUR,
    TEXT_BOARD_KEY,
    TEXT_BOARD_KING,
    MOVES_HEADING,
    MOVES_LIVE,
    MOVES_ENTRY,
    MOVES_PASS,
    MOVES_FIRST,
    HOW_TO_PLAY_TITLE,
    HOW_TO_PLAY_SECTION,
    ONLINE_CONNECTING,
    ONLINE_RECONNECTING,
    ONLINE_EXPIRED,
    ONLINE_REPLACED,
    ONLINE_FAILED,
    ONLINE_AWAY_COUNTDOWN,
    ONLINE_AWAY,
    ONLINE_WATCHING,
    ONLINE_WATCHING_FULL,
    ONLINE_WAITING,
    ONLINE_WAITING_IN,
    ONLINE_WATCHING_ROOM,
    ONLINE_WAITING_LONG,
    ONLINE_YOU_ARE,
    ONLINE_LINK_COPIED,
    ONLINE_COPY_THIS_LINK,
    ONLINE_LINK_PRINTED,
    ONLINE_NO_SERVER,
    ONLINE_WAIT_FOR_SERVER,
    ONLINE_SERVER_CLOSED,
    ONLINE_SERVER_SILENT,
    ONLINE_CLOSED_CODE,
    ONLINE_BROWSER_REFUSED,
    ONLINE_BAD_LINK,
    SEAT_NAMED,
    SEAT_NAMED_RATED,
    SEAT_COMPUTER,
    NAME_SUGGESTION,
    NAME_ADJECTIVES,
    NAME_MARBLES,
    REACTION_HELLO,
    REACTION_GOOD_MOVE,
    REACTION_THANKS,
    REACTION_OOPS,
    REACTION_WELL_PLAYED,
    REACTION_YOUR_TURN,
    REACTION_GOOD_GAME,
    REACTION_REMATCH,
    REACTION_SAID,
    BUTTON_REACT,
    BUTTON_REACTIONS_ON,
    BUTTON_REACTIONS_OFF,
    HUD_TURN_CLOCK,
    ONLINE_IDLE,
    BUTTON_BACK,
    LINK_NO_ROOM,
    LINK_BAD_SCHEME,
    LINK_NO_HOST,
    LINK_BAD_HOST,
    LINK_NO_GAME,
    LINK_BAD_ROOM,
    SERVER_ERROR_RATE_LIMITED,
    SERVER_ERROR_TOO_MANY_CONNECTIONS,
    SERVER_ERROR_TOO_MANY_ROOMS,
    SERVER_ERROR_TOO_MANY_ROOMS_CREATED,
    SERVER_ERROR_NO_SUCH_ROOM,
    SERVER_ERROR_EXPIRED,
    SERVER_ERROR_BAD_TOKEN,
    SERVER_ERROR_ROOM_FULL,
    SERVER_ERROR_SPECTATOR,
    SERVER_ERROR_NOT_HOST,
    SERVER_ERROR_ALREADY_STARTED,
    SERVER_ERROR_NOT_STARTED,
    SERVER_ERROR_RESIGN_INSTEAD,
    SERVER_ERROR_GAME_NOT_OVER,
    SERVER_ERROR_UNAVAILABLE,
    REASON_ANIMATING,
    REASON_REPLAY,
    REASON_NOT_YOUR_TURN,
    REASON_NO_SEAT,
    REASON_PERSON_RESIGN,
    REASON_PERSON_LEAVE,
    REASON_NO_ONLINE_UNDO,
    REASON_NOTHING_TO_UNDO,
    REASON_LEAVE_OFFLINE,
    REASON_LEAVE_TWO,
    REASON_REMATCH_OFFLINE,
    REASON_NOT_OVER,
    REASON_NOT_ONLINE,
    REASON_ALREADY_BEGUN,
    REASON_GAME_ALREADY_OVER,
    REASON_SEAT_COUNT,
    REASON_SEATS_FOR,
    ILLEGAL_GAME_OVER,
    ILLEGAL_EMPTY_ORIGIN,
    ILLEGAL_NOT_YOUR_PIECE,
    ILLEGAL_OCCUPIED,
    ILLEGAL_NOT_ADJACENT,
    ILLEGAL_NOT_REACHABLE,
    ILLEGAL_NO_MOVEMENT,
    ILLEGAL_MUST_STAY_IN_TARGET,
    ILLEGAL_CANNOT_STOP_THERE,
    ILLEGAL_MAKES_ANOTHER_WIN,
    ILLEGAL_CANNOT_PASS,
    ILLEGAL_BAD_SWAP,
    ILLEGAL_SWAP_NOT_PLAYED,
    FILE_SAVED,
    FILE_SAVE_FAILED,
    FILE_NOTHING_SAVED,
    FILE_LOAD_FAILED,
    FILE_LOAD_FAILED_FROM,
    FILE_LOADED,
    STORE_BROWSER,
    STORE_NOWHERE,
    STORE_NO_LOCAL_STORAGE,
    STORE_REFUSED,
    STORE_NO_BROWSER_STORAGE,
    LOAD_NOT_READABLE,
    LOAD_NOT_STARHALMA,
    LOAD_NEWER_VERSION,
    LOAD_ILLEGAL_MOVE,
    LOAD_BAD_RESIGNATION,
    LOAD_BAD_START,
    LOAD_SEATS_LIST,
    LOAD_SEAT_COUNT,
    WEB_LOADING,
    WEB_DOWNLOADING,
    WEB_STARTING,
    WEB_NO_WEBGL2,
    WEB_START_FAILED,
    WEB_DOWNLOAD_FAILED,
    PAGE_CONTROLS,
    SUMMARY_LAWS,
    SUMMARY_TABLE,
    SUMMARY_TABLE_LONG_HOPS,
    SUMMARY_MASTERS_SWAP,
    SUMMARY_MASTERS_FILL,
    SUMMARY_DIAMOND,
    RULES_AIM_TITLE,
    RULES_AIM,
    RULES_AIM_DIAMOND,
    RULES_STEP_TITLE,
    RULES_STEP,
    RULES_HOP_TITLE,
    RULES_HOP,
    RULES_HOP_DIAMOND,
    RULES_CHAIN_TITLE,
    RULES_CHAIN,
    RULES_LONG_HOPS_TITLE,
    RULES_LONG_HOPS,
    RULES_KING_TITLE,
    RULES_KING,
    RULES_WHERE_TITLE,
    RULES_WHERE_LAWS,
    RULES_WHERE_TABLE,
    RULES_WHERE_MASTERS,
    RULES_CLOSED_TITLE,
    RULES_CLOSED,
    RULES_TARGET_LOCK_TITLE,
    RULES_TARGET_LOCK_TABLE,
    RULES_TARGET_LOCK_MASTERS,
    RULES_ANTI_SPOIL_TITLE,
    RULES_ANTI_SPOIL,
    RULES_SWAP_TITLE,
    RULES_SWAP,
    RULES_FILL_TITLE,
    RULES_FILL,
    RULES_WINNING_TITLE,
    RULES_WINNING_OWN,
    RULES_WINNING_TABLE,
    RULES_WINNING_FILL,
    RULES_WINNING_DIAMOND,
    RULES_DRAWS_TITLE,
    RULES_DRAWS_NO_PROGRESS,
    RULES_DRAWS_TABLE,
    RULES_DRAWS_DIAMOND,
    RULES_PASSING_TITLE,
    RULES_PASSING,
    RULES_RESIGNING_TITLE,
    RULES_RESIGNING,
    RULES_RESIGNING_DIAMOND,
    RULES_LABELS_TITLE,
    RULES_LABELS,
    RULES_TIPS_TITLE,
    RULES_TIPS,
    RULES_TIPS_DIAMOND,
    DIAGRAM_STEP,
    DIAGRAM_HOP,
    DIAGRAM_CHAIN,
    DIAGRAM_THROUGH_POINT,
    DIAGRAM_CLOSED_TRIANGLE,
    DIAGRAM_TARGET_LOCK,
    DIAGRAM_LONG_HOP,
    DIAGRAM_KING_JUMP,
    DIAGRAM_SWAP,
    DIAGRAM_FILL_WIN,
    DIAGRAM_ANTI_SPOIL,
    DIAGRAM_WIN,
    DIAGRAM_KING_HOME,
    DIAGRAM_LABELS,
    REFUSAL_GAME_OVER,
    REFUSAL_EMPTY_ORIGIN,
    REFUSAL_NOT_YOUR_PIECE,
    REFUSAL_OCCUPIED,
    REFUSAL_NOT_ADJACENT,
    REFUSAL_NOT_REACHABLE,
    REFUSAL_NO_MOVEMENT,
    REFUSAL_MUST_STAY_IN_TARGET,
    REFUSAL_CANNOT_STOP_THERE,
    REFUSAL_CANNOT_STOP_THERE_DIAMOND,
    REFUSAL_MAKES_ANOTHER_WIN,
    REFUSAL_CANNOT_PASS,
    REFUSAL_BAD_SWAP,
    REFUSAL_SWAP_NOT_PLAYED,
    REFUSAL_NOWHERE_TO_GO,
    DECIDED_ANTI_SPOIL,
    DECIDED_FILL,
    DECIDED_FILLED_DIAMOND,
    DECIDED_COMPLETED_BY,
    DECIDED_RESIGNED,
    DECIDED_RESIGNED_NEAREST,
    DECIDED_RESIGNED_BEST_PLACED,
    DECIDED_ALL_PASSED_DRAW,
    DECIDED_MOVE_CAP_DRAW,
    DECIDED_NO_PROGRESS_DRAW,
    DECIDED_RANKED_TURN_CAP,
    DECIDED_RANKED_ALL_PASSED,
    DECIDED_FIRST_ONE,
    DECIDED_FIRST_SHARED,
    GUIDED_SELECT_ANY,
    GUIDED_SELECT_ANY_DONE,
    GUIDED_SELECT_MOVABLE,
    GUIDED_SELECT_MOVABLE_DONE,
    GUIDED_PREVIEW,
    GUIDED_PREVIEW_DONE,
    GUIDED_STEP,
    GUIDED_STEP_MEANWHILE,
    GUIDED_STEP_DONE,
    GUIDED_HOP,
    GUIDED_HOP_MEANWHILE,
    GUIDED_HOP_DONE,
    GUIDED_CHAIN,
    GUIDED_CHAIN_MEANWHILE,
    GUIDED_CHAIN_DONE,
    GUIDED_FREE,
    GUIDED_NOT_STEP,
    GUIDED_NOT_HOP,
    GUIDED_NOT_CHAIN,
    MENU_PLAY_ONLINE,
    ONLINE_PAGE_TITLE,
    MENU_QUICK_MATCH,
    MENU_QUICK_MATCH_ANY,
    MENU_CREATE_PRIVATE,
    MENU_HOST_HERE,
    MENU_CREATE_PUBLIC,
    MENU_TYPE_NAME,
    MENU_TYPE_CODE,
    MENU_TYPE_SERVER,
    ONLINE_BAD_SERVER,
    MENU_JOIN_CODE,
    MENU_BACK,
    TYPING_HINT,
    LOBBY_CONNECTING,
    LOBBY_EMPTY,
    LOBBY_COUNT,
    LOBBY_FAILED,
    LOBBY_COLUMN_WHO,
    LOBBY_COLUMN_RULES,
    LOBBY_COLUMN_SEATS,
    LOBBY_COLUMN_CLOCK,
    LOBBY_COLUMN_AGE,
    LOBBY_CLOCK,
    LOBBY_AGE,
    LOBBY_PLAYING,
    LOBBY_SIT,
    LOBBY_WATCH,
    MENU_ONLINE_MORE,
    MENU_ONLINE_LESS,
    LOBBY_REFRESH,
    ONLINE_BAD_NAME,
    ONLINE_BAD_CODE,
    MENU_PLAYER_CODE,
    MENU_PLAYER_CODE_HIDDEN,
    MENU_NEW_IDENTITY,
    MENU_NEW_IDENTITY_SURE,
    ONLINE_PLAYER_CODE_TAKEN,
    ONLINE_BAD_PLAYER_CODE,
    ONLINE_NEW_IDENTITY_ASK,
    ONLINE_NEW_IDENTITY_DONE,
    REPLAY_LOADED,
    REPLAY_FAILED,
    FETCH_STATUS,
    FETCH_GARBLED,
    SERVER_ERROR_TOO_MANY_WAITING,
    SERVER_ERROR_TOO_MANY_WATCHERS,
    MENU_MY_GAMES,
    MY_GAMES_TITLE,
    MY_GAMES_LOCAL_COUNT,
    MY_GAMES_LOCAL_NONE,
    MY_GAMES_STATS,
    MY_GAMES_RULES,
    MY_GAMES_LOCAL_GAME,
    OUTCOME_WON,
    OUTCOME_LOST,
    OUTCOME_DRAWN,
    MY_GAMES_MORE,
    MY_GAMES_ONLINE_NEVER,
    MY_GAMES_ONLINE_LOADING,
    MY_GAMES_ONLINE_FAILED,
    MY_GAMES_ONLINE_NONE,
    MY_GAMES_ONLINE_COUNT,
    MY_GAMES_ONLINE_GAME,
    MY_GAMES_ONLINE_GAME_RATED,
    MY_GAMES_OPENED,
    MENU_LEADERBOARD,
    LEADERBOARD_TITLE,
    LEADERBOARD_ALL_COUNTS,
    LEADERBOARD_LOADING,
    LEADERBOARD_FAILED,
    LEADERBOARD_EMPTY,
    LEADERBOARD_COUNT,
    LEADERBOARD_LINE,
    LEADERBOARD_LINE_YOU,
    RECORDS_UNNAMED,
    RECORDS_NO_SERVER,
    RATED_NAME,
    GAME_OVER_RATING,
];
