# starhalma: every word a player sees, in Japanese.
#
# Terms from the Japanese Diamond Game (seed 003): ダイヤモンドゲーム, コマ (marble), キング (the
# king piece), ◎ (the tip of the target triangle), 陣地 (a point or triangle of the star),
# ゴール (the target), ジャンプ (a hop). Row/space labels (R10 S1) stay as they are.
# See en/starhalma.ftl for what each argument is.

## Names

app-title = starhalma
list-separator = {"、"}
sentence-pair = { $first }{ $second }

colour-red = 赤
colour-purple = 紫
colour-yellow = 黄
colour-blue = 青
colour-green = 緑
colour-orange = オレンジ

symbol-dot = ●
symbol-triangle = ▲
symbol-square = ■
symbol-diamond = ◆
symbol-star = ★
symbol-ring = ○
# 色と記号、「● 赤」。
seat-tag = { $symbol } { $colour }

level-easy = やさしい
level-medium = ふつう
level-hard = むずかしい

seat-human = 人
seat-online = オンライン

rules-laws = 基本ルール
rules-table = テーブル
rules-table-long-hops = テーブル・ロングジャンプ
rules-masters-swap = マスターズ・交換
rules-masters-fill = マスターズ・埋め
rules-masters = マスターズ
rules-diamond = ダイヤモンドゲーム

speed-slow = ゆっくり
speed-normal = 普通
speed-fast = 速い
speed-instant = 一瞬

## Menu

menu-players = { $count }人
menu-seat = { $colour }: { $seat }
menu-who-starts = 先手: { $who }
menu-starts-random = ランダム
menu-start = スタート
menu-play-friend = 友だちと遊ぶ（リンクを送る）
menu-player-name = オンラインの名前: { $name }（押すと別の名前）
menu-player-name-new = オンラインの名前: 押して選ぶ
menu-room-clock = { $seconds ->
    [0] 持ち時間: なし
    [180] 持ち時間: 1手3分
   *[other] 持ち時間: 1手{ $seconds }秒
}
menu-continue = 続きから
menu-load-saved = 保存したゲームを読み込む
menu-guided = はじめてのガイド付きゲーム
menu-guided-first-start = はじめて？ ガイド付きゲーム
menu-language = 言語: { $language }
menu-page-controls-on = ページ上のボタン: 表示
menu-page-controls-off = ページ上のボタン: 非表示

## Buttons (HUD, game-over panel, rules screen)

button-angled = 斜め
button-top-down = 真上
button-speed = 速さ: { $speed }
button-sound-on = 音: オン
button-sound-off = 音: オフ
button-symbols-on = 記号: オン
button-symbols-off = 記号: オフ
button-hint = ヒント
button-how-to-play = 遊び方
button-save = 保存
button-load = 読み込む
button-undo = 一手戻す
button-pass = パス
button-resign = 投了
button-play-again = もう一度
button-copy-link = リンクをコピー
button-copy-replay-link = 再生リンクをコピー
button-join = 参加
button-fill-computer = 空席をコンピューターで埋める
button-leave = 退出（コンピューターが代わる）
button-rematch = 再戦
button-rematch-swap = 再戦（席を交代）
button-rematch-same = 同じメンバーで再戦
button-change-mode = モード変更
button-more = その他…
button-more-close = 閉じる
button-previous = 前へ
button-next = 次へ
button-close = 閉じる
button-how-decided = 勝敗の決まり方
button-moves-labels = ラベル
button-moves-notation = 記法

## Moves in words

move-step = 1マス
move-swap = 交換
move-jumps = { $jumps }回ジャンプ

## HUD

hud-moved = { $colour }: { $from } から { $to } へ（{ $how }）
hud-passed = { $colour }はパスしました
hud-computer-thinking = { $colour }（{ $level }）考え中…
hud-computer = { $colour }（{ $level }）
hud-to-move = { $colour }の番
hud-to-move-online = { $colour }の番（オンライン）
hud-waiting-to-start = 全員が席に着くとゲームが始まります
result-wins-home = { $winner }の勝ち: { $marbles }個すべてゴール
result-wins-king = { $winner }の勝ち: ゴールが埋まり、キングが◎に
result-wins-filled = { $winner }の勝ち: ゴールが埋まった
result-wins-anti-spoiling = { $winner }の勝ち: ゴールが埋まった（居座り防止ルール）
result-wins-resignation = { $winner }の勝ち: { $resigned }が投了
result-draw-all-passed = 引き分け: だれも動けない
result-draw-move-cap = 引き分け: それぞれ{ $moves }手
result-draw-no-progress = 引き分け: それぞれ{ $turns }手、だれもゴールに近づかなかった
result-wins-on-home = { $winner }の勝ち（ゴールのコマ数）: { $home }対{ $next }、{ $when }
result-wins-on-distance = { $winner }の勝ち（残りの距離）: { $distance }対{ $next }、ゴールは同じ{ $home }個、{ $when }
result-first-shared = { $seats }と{ $last }が同率1位: ゴール{ $home }個、残りの距離{ $distance }、{ $when }
result-after-turns = それぞれ{ $turns }手を終えて
result-when-all-passed = だれも動けなくなって
result-place = { $place }位 { $colour }: ゴール{ $home }個、残り{ $distance }
result-place-finished = { $place }位 { $colour }: ゴール{ $home }個
result-place-resigned = { $place }位 { $colour }: 投了
hud-home-count = { $colour } { $count }
hud-home = ゴール済み: { $counts }
hud-king-to-tip = キングを◎へ
hud-send-link = このリンクを送ってください: { $link }
notice-not-allowed = できません: { $reason }
notice-no-hint = ヒントなし: あなたの番ではありません
notice-hint = ヒント: { $from } から { $to }

## Controls panel

panel-pass = パス（動かせるコマがありません）
panel-back = 戻る
panel-king = キング（{ $label }）
panel-destination = { $label }: { $how }、{ $rows }段
panel-replay = 再生中（操作できません）
panel-game-over = 終局
panel-waiting = { $colour }を待っています
panel-marble-to = { $marble } の行き先:
panel-your-marbles = あなたのコマ:
text-board-colour = { $initial } { $colour }
text-board-key = @ 選択中  + 行ける  . 空き
text-board-king = 小文字: キング  ◎ 空いている先端（キングのスタートとゴール）

## Move list

moves-heading = 棋譜
moves-live = 現在
moves-entry = { $number }. { $colour } { $move }
moves-pass = パス
moves-first = { $colour }が先手

## Rules screen

how-to-play-title = 遊び方: { $rules }
how-to-play-section = { $title }（{ $number }/{ $count }）

## Online

online-connecting = サーバーに接続中…
online-reconnecting = 接続が切れました: 再接続中…
online-expired = このルームは期限切れです: メニューから新しく始めてください
online-replaced = この席は別のウィンドウで遊ばれています
online-failed = オンラインで遊べません: { $reason }
online-away-countdown = { $colour }の接続が切れました: { $seconds }秒後にコンピューターが代わります
online-away = { $colour }の接続が切れました: コンピューターが代わりに打ちます
online-watching = 観戦中: 「参加」を押すと遊べます
online-watching-full = 観戦中（満席です）
online-waiting = 参加者を待っています（{ $seated }/{ $seats }）
# A friend seated in someone else's room before play starts. $host: the host's name.
online-waiting-in = { $host }さんのルーム: 参加者を待っています（{ $seated }/{ $seats }）
# A spectator of someone's room with a seat free. $host: the host's name.
online-watching-room = { $host }さんのルームを観戦中: 「参加」を押すと遊べます
online-waiting-long = まだだれも来ません（{ $seated }/{ $seats }）: 「空席をコンピューターで埋める」を押すか、このまま待ちます
online-you-are = オンライン: あなたは{ $colour }です
online-link-copied = リンクをコピーしました: 友だちに送ってください
online-copy-this-link = このリンクをコピーして友だちに送ってください: { $link }
online-link-printed = リンクはターミナルに表示されています: { $link }
online-no-server = ルームを作るサーバーがありません
online-wait-for-server = 前の手へのサーバーの返事を待ってください
online-server-closed = サーバーが接続を切りました
online-server-silent = サーバーから返事がなくなりました
online-closed-code = 接続が切れました（コード { $code }）
online-browser-refused = ブラウザーが { $url } を開けませんでした: { $error }
online-bad-link = { $link }: { $reason }

## オンラインの名前
# 遊んでいる人の名前で席を呼ぶ、「Asha（赤）」。
seat-named = { $name }（{ $colour }）
seat-named-rated = { $name }（{ $colour }、{ $rating }）
# コンピューターが打つオンラインの席、「赤（コンピューター、ふつう）」。
seat-computer = { $colour }（コンピューター、{ $level }）
# はじめてオンラインで遊ぶときにすすめる名前。
name-suggestion = { $adjective }{ $marble }{ $number }
name-adjectives = はやい, あかるい, しずかな, つよい, ラッキー, かしこい, やさしい, げんきな
name-marbles = マーブル, 星, ビーズ, パール

## リアクション
reaction-hello = こんにちは！
reaction-good-move = いい手！
reaction-thanks = ありがとう！
reaction-oops = しまった！
reaction-well-played = お見事！
reaction-your-turn = あなたの番です！
reaction-good-game = いい勝負でした！
reaction-rematch = もう一局？
reaction-said = { $who }「{ $reaction }」
button-react = リアクション
button-reactions-on = リアクション: オン
button-reactions-off = リアクション: オフ
hud-turn-clock = { $turn }・残り{ $seconds }秒
online-idle = 時間切れが2回続いたので、コンピューターがあなたの代わりに打っています
button-back = 戻りました
link-no-room = リンクに ?room= の部分がありません
link-bad-scheme = リンクは http:// か https:// で始まる必要があります
link-no-host = リンクにホスト名がありません
link-bad-host = 「{ $host }」はホスト名ではありません
link-no-game = リンクに対局（?game= と0〜9、a〜fの20文字）がありません
link-bad-room = '{ $code }' はルームコードではありません: a〜z と 2〜7 の10文字（小文字の base32）です
server-error-rate-limited = メッセージが多すぎます: このメッセージは捨てられました
server-error-too-many-connections = あなたのアドレスからの接続が多すぎます
server-error-too-many-rooms = サーバーのルームがいっぱいです: あとで試してください
server-error-too-many-rooms-created = このアドレスで1時間に作れるルームの数を超えました
server-error-no-such-room = このコードのルームはありません
server-error-expired = ルームは削除されました（全員が抜けて30分後、または作ってから24時間後）
server-error-bad-token = このトークンはここの席を持っていません
server-error-room-full = 満席です: 観戦してください
server-error-spectator = 観戦者は打てません: 参加してから遊んでください
server-error-not-host = 空席をコンピューターで埋められるのはホストだけです
server-error-already-started = もう全員そろっています
server-error-not-started = 全員がそろうとゲームが始まります
server-error-resign-instead = 2人のときは退出ではなく投了してください
server-error-game-not-over = 再戦はゲームが終わってからです
server-error-unavailable = ルームサーバーが一時的にルームを読めません。もう一度試しています

## Refusals of the game (after "Not allowed: ")

reason-animating = 前の手が終わるまで待ってください
reason-replay = 過去の局面を見ています: 先に現在の局面に戻ってください
reason-not-your-turn = あなたの番ではありません
reason-no-seat = 席 { $seat } はありません
reason-person-resign = 投了できるのはここで遊んでいる人だけです
reason-person-leave = 退出できるのはここで遊んでいる人だけです
reason-no-online-undo = オンライン対戦では一手戻せません
reason-nothing-to-undo = 戻す手がありません
reason-leave-offline = 退出はオンライン対戦用です: 投了してください
reason-leave-two = 2人のときは投了してください
reason-rematch-offline = 再戦はオンライン対戦用です: 「もう一度」を使ってください
reason-not-over = ゲームはまだ終わっていません
reason-not-online = オンライン対戦のゲームだけをルームのサーバーが変更します。このゲームはオンラインではありません
reason-already-begun = ゲームはもう始まっています
reason-game-already-over = ゲームはもう終わっています
reason-seat-count = { $players }人のゲームには{ $players }席が必要です（{ $seats }席ではなく）
reason-seats-for = 席は { $setup } 用ですが、ゲームは { $game } です

## The rules engine's reasons

illegal-game-over = ゲームは終わっています
illegal-empty-origin = { $hole } にコマがありません
illegal-not-your-piece = { $hole } のコマはあなたのものではありません
illegal-occupied = { $hole } はふさがっています
illegal-not-adjacent = { $to } は { $from } のとなりではありません
illegal-not-reachable = { $from } から { $to } へ行く連続ジャンプはありません
illegal-no-movement = 手は出発したマスで終われません
illegal-must-stay-in-target = ゴールに入ったコマはゴールの中にいなければなりません
illegal-cannot-stop-there = このルールでは { $hole } で手を終われません
illegal-makes-another-win = ほかのプレイヤーを勝たせる手は打てません
illegal-cannot-pass = 動かせる手があるのでパスできません
illegal-bad-swap = 交換できるのは、ゴールの中にある相手のコマで、そこへ自分のコマが行ける場合だけです
illegal-swap-not-played = このルールに交換はありません

## Saving and loading

file-saved = 保存しました: { $place }
file-save-failed = 保存できません: { $error }
file-nothing-saved = 保存されたものはありません: { $place }
file-load-failed = 読み込めません: { $error }
file-load-failed-from = { $place } を読み込めません: { $error }
file-loaded = 読み込みました: { $place }
store-browser = このブラウザーの保存領域（{ $name }）
store-nowhere = どこにもない
store-no-local-storage = このブラウザーにはローカルストレージがありません
store-refused = ブラウザーがファイルの保存を断りました（容量不足？）
store-no-browser-storage = ここにはブラウザーの保存領域がありません
load-not-readable = 読めない保存ファイルです: { $error }
load-not-starhalma = starhalma の保存ファイルではありません（形式は '{ $format }'）
load-newer-version = 保存ファイルのバージョン { $version } はこのゲームが分かるもの（{ $supported }）より新しいです
load-illegal-move = { $index }手目（'{ $move }'）は指せません: { $reason }
load-bad-resignation = 記録された投了はありえません: { $reason }
load-bad-start = 記録された開始局面はありえません: { $reason }
load-seats-list = "seats" は human、easy、medium、hard のリストでなければなりません
load-seat-count = ファイルには{ $seats }席ありますが、ゲームは{ $players }人用です

## The web page

web-loading = ゲームを読み込んでいます…
web-downloading = ゲームをダウンロードしています… { $received } / { $total } MB
web-starting = ゲームを起動しています…
web-no-webgl2 = starhalma は WebGL2 で盤を描きますが、このブラウザーでは使えません（またはオフになっています）。最新の Firefox、Chrome、Edge、Safari を使うか、ハードウェアアクセラレーションをオンにしてください。
web-start-failed = ゲームを始められませんでした: { $error }
web-download-failed = ゲームをダウンロードできませんでした: { $error }
# The web page's controls for screen readers: the title of the group of game buttons.
page-controls = ゲームの操作

## Menu summaries of the rule sets

summary-laws = いちばん基本のゲーム。となりのマスへ1マス進むか、コマをジャンプで跳び越えます。ジャンプは何回続けてもよく、星のどのマスで止まってもかまいません。ゴールに入ったコマがまた出てもかまいません。向かいの陣地を自分の10個のコマで埋めたら勝ち。だれも動けなければ引き分け。手数の上限はありません。
summary-table = 手を終えられるのは、中央、自分の陣地、ゴールだけです。ジャンプの途中でほかの陣地を通るのはかまいません。ゴールに入ったコマはそこから出られません。ゴールを埋めたら勝ち。それぞれ30手を指したあとは、相手が陣地に残したコマもあなたの分に数えます。最初に上がった人が勝ち、ほかの人には順位がつきます。それぞれ200手でゲームは終わり、順位がつきます。
summary-table-long-hops = テーブルのルールにロングジャンプを加えたもの。一直線上の離れたコマも、同じだけ向こうへ着地できれば跳び越えられます（途中のマスはすべて空き）。コマは盤をすばやく横切ります。手を終えられるのは中央、自分の陣地、ゴールだけで、ゴールに入ったコマは出られません。それぞれ30手のあとは、陣地に残ったコマが向かいのプレイヤーの分に数えられます。それぞれ200手で終わります。
summary-masters-swap = 星のどのマスでも止まれます。ほかの陣地もかまいません。ゴールに入ったコマはゴールの中でしか動けません。自分の10個のコマでゴールを埋めたら勝ち。自分のコマが行けるゴールのマスに相手のコマがいたら、動かす代わりに2つを交換できます。だれも動けなければ引き分け。
summary-masters-fill = 星のどのマスでも止まれます。ほかの陣地もかまいません。ゴールに入ったコマはゴールの中でしか動けません。交換はありません。ゴールのマスがすべて埋まれば、だれのコマで埋まっていても、1個でも自分のコマがあれば上がりです。なので、どの手でもゲームが終わることがあり、ほかの人が勝つこともあります。だれも動けなければ引き分け。
summary-diamond = 2人か3人で、1人15個のコマ、そのうち1個がキング。ほかの色の三角の陣地には入れません。ただし中央のふちにある5マスは別です。キングは一列に並んだコマをまとめて跳び越えます。ゴールに入ったコマがまた出てもかまいません。ゴールを埋めてキングを◎に置いたら勝ち。それぞれ400手か、だれも動けなければ引き分け。

## How to play: sections

rules-aim-title = 目的
rules-aim = 各プレイヤーは星の1つの陣地に10個のコマを持ちます。まっすぐ向かいの陣地がゴールです。だれよりも先に、すべてのコマをそこへ運びましょう。手番は星を順に回り、最初のプレイヤーから始めます。
rules-aim-diamond = 2人か3人で、色は赤・黄・緑。それぞれ自分の三角の陣地（星の先の10マスとその手前の5マス）に15個のコマを置きます。盤のまっすぐ向かいにある同じ色の三角がゴールです。コマを急いで運び、キングをゴールの先端◎に入れましょう。赤が先手です。
rules-step-title = 1マス進む
rules-step = 自分の番には、自分のコマを1つ動かします。いちばん簡単なのは1マス進む手です。線にそって、となりの空いているマスへ動かします。コマは6方向どこへでも動けます。後ろや横へも動けます。
rules-hop-title = ジャンプ
rules-hop = 1マス進む代わりに、すぐとなりのコマを跳び越えて、そのすぐ向こうの空いたマスへ移れます。跳び越すコマは何色でもよく、自分のコマでもかまいません。コマは取られません。跳び越されたコマはそのまま残ります。
rules-hop-diamond = 1マス進む代わりに、すぐとなりのコマを跳び越えて、そのすぐ向こうの空いたマスへ移れます。跳び越すコマは何色でもかまいません。コマは取られません。ふつうのコマは1度に1個しか跳び越せず、キングを跳び越すことはできません。
rules-chain-title = 連続ジャンプ
rules-chain = ジャンプしたコマは、着地したところからまたジャンプできます。向きは自由で、跳び越せるコマがあるかぎり何回でも続けられ、どのジャンプのあとで止めてもかまいません。1手は1マス進むか、ジャンプだけかのどちらかです。1マス進むこととジャンプを混ぜることはできません。連続ジャンプは行き先を選ぶだけ。ジャンプの回数がいちばん少ない道を通ります。
rules-long-hops-title = ロングジャンプ
rules-long-hops = このゲームでは、一直線上の離れたコマも跳び越えられます。ただし、そのコマの向こうへ同じ距離だけ進んで着地し、途中のほかのマスと着地するマスがすべて空いていなければなりません。それでも1度に跳び越すのは1個で、ロングジャンプも短いジャンプと同じように続けられます。どちらのプレイヤーのコマも、盤をずっと速く横切ります。
rules-king-title = キング
rules-king = 15個のコマのうち1個は大きなキングで、自分の三角の先端から始めます。ほかのコマと同じように進んだりジャンプしたりでき、さらに一列に並んだコマをまとめて跳び越せます。すぐとなりから一直線に並んだコマなら何個でもよく、その列のすぐ先が空いていれば跳べます。1個でもかまいません。列の中にキングがあってはいけません。また、どのコマもキングを跳び越せません。
rules-where-title = 手を終えられる場所
rules-where-laws = どこでも。星のどのマスにも入り、通り、止まれます。ほかの陣地もかまいません。ゴールに着いたコマがまた出てもかまいません。
rules-where-table = 手を終えられるのは、中央、自分の陣地、ゴールだけです。連続ジャンプの途中でほかの陣地に着地するのはかまいません（だれも使っていない陣地も）。でも、そこで止まることはできません。
rules-where-masters = どこでも。コマは星のどのマスでも止まれます。ほかのプレイヤーの陣地でも、使われていない陣地でもかまいません。
rules-closed-title = 入れない三角
rules-closed = 自分の色の三角は2つ。始まりの三角とゴールです。ほかの色の三角には、連続ジャンプの途中の着地も含めて、まったく入れません。中央のふちにある5マスだけはだれでも入れます。入れない三角に置かれたコマを跳び越すのはかまいません。2人のときは緑の三角は空いたまま入れません。ゴールに入ったコマがまた出てもかまいません。
rules-target-lock-title = ゴールに入ったコマは出られない
rules-target-lock-table = コマがゴールに入ったら、そのコマの手はいつもゴールの中で終わらなければなりません。場所を空けるために、ゴールの中で進んだりジャンプしたりはできます。
rules-target-lock-masters = コマがゴールに着いたら、ゴールの中でしか動けません。ゴールの中で進んだりジャンプしたりはできます。
rules-anti-spoil-title = 陣地に残したコマ: 居座り防止ルール
rules-anti-spoil = あなたのゴールは相手の始まりの陣地です。相手がコマを出さずにいると、あなたはふさがれてしまいます。でも長くは続きません。全員が30手を指したあとは、向かいのプレイヤーがあなたのゴールに残したコマはあなたの分に数えます。10マスすべてが埋まり、1個以上があなたのコマで残りが相手のコマなら、ゴールは完成です。あなたが自分の陣地に残したコマも同じで、あなたの手番でも相手を上がらせることがあります。
rules-swap-title = 交換ルール
rules-swap = ゴールの中で、自分のコマが1マス進むか連続ジャンプの最後で行けるマスに相手のコマがいたら、動かす代わりに交換できます。自分のコマがそのマスに入り、相手のコマは自分のコマがいたマスへ移ります。これで1手です。勝つには、やはり10マスすべてを自分のコマで埋める必要があります。
rules-fill-title = 埋めルール
rules-fill = ゴールにほかのプレイヤーのコマがあっても止められません。ゴールのマスがすべて埋まれば、だれのコマで埋まっていても、1個以上が自分のコマならゴールは完成です。なので、あなたの手でほかの人のゴールが完成し、その人が勝つこともあります。ほかの人のゴールに何を残すか気をつけましょう。
rules-winning-title = 勝ち方
rules-winning-own = ゴールの10マスすべてに自分のコマが入ったら勝ちです。最初にそうなったプレイヤーでゲームは終わります。
rules-winning-table = ゴールの10マスすべてに自分のコマが入ったら上がりです（それぞれ30手のあとは、自分のコマと、向かいのプレイヤーがそこに残したコマで）。最初に上がったプレイヤーが勝ち、そこでゲームは終わります。ほかのプレイヤーは、ゴールに入ったコマの数、次に残りの距離の短さで順位がつきます。
rules-winning-fill = ゴールが埋まり、その中に自分のコマが1個以上あれば勝ちです。ゴールが最初に完成したプレイヤーでゲームは終わり、それが手を指した人とは別の人のこともあります。
rules-winning-diamond = ゴールの三角の15マスがすべて埋まり、自分のキングが先端◎にいれば勝ちです。ふちの5マスにあるほかの色のコマも、埋まった数に入ります。◎はキングのために空けておきましょう。ふつうのコマが◎にいたら、先にそのコマを出さなければなりません。ほかのプレイヤーの勝ちを完成させる手は打てません。最初の勝者でゲームは終わります。
rules-draws-title = 引き分けと上限
rules-draws-no-progress = 全員が続けてパスすると、もう何も変わらないので引き分けです。どのゲームも終わるように、それぞれ30手のあいだ、だれもゴールに近づかなかったときも引き分けです。ゴールに入っていないコマの、ゴールの先端までの残りの距離が、そのゲームでいちばん短くなったとき、その人はゴールに近づいたことになります。これで、ほかの人のゴールにコマを置いたままにするゲームも終わります。
rules-draws-table = どのゲームも終わるように、それぞれ200手で打ち切ります。そのあとは、ゴールに入ったコマの数と残りの距離で順位をつけ、1位が1人なら、その人が勝ちです。全員が続けてパスしたときも、同じように打ち切って順位をつけます。
rules-draws-diamond = それぞれ400手（2人なら全部で800手、3人なら1,200手）で引き分けです。全員が続けてパスしたときも引き分けです。同じ局面がくり返されてもゲームは終わりません。
rules-passing-title = パス
rules-passing = パスできるのは、動かせるコマが1つもないときだけです。そんなことはめったにありません。そのときは「パス」ボタンが出ます。パスも1手に数えます。
rules-resigning-title = 投了
rules-resigning = 2人のときは、投了すると相手の勝ちです。もっと多いときは、残りの中でいちばん順位の高い人が勝ち（ゴールに入ったコマの数、次に残りの距離）、投了した人は最下位です。「一手戻す」で投了を取り消せます。
rules-resigning-diamond = 2人のときは、投了すると相手の勝ちです。3人のときは、残る2人のうちコマがゴールに近いほう（ゴールの先端までの距離の合計が小さいほう）が勝ち。同じなら、次に指す人が勝ちです。「一手戻す」で投了を取り消せます。
rules-labels-title = 段とマス: R10 S1
rules-labels = ボタンは、それぞれのマスを自分の席から見た名前で呼びます。R は段で、自分の陣地の先端が1段目、ゴールの先端が17段目、真ん中は9段目です。S はマスで、自分の陣地から中央を向いて、各段の左から数えます。なので R1 S1 はいつも自分の先端、R17 S1 は目指す先端です。同じマスでもプレイヤーごとに名前がちがいます。
rules-tips-title = コツ
rules-tips =
    はしごを作りましょう。一直線上に1マスおきにコマを並べると、後ろのコマが遠くまでジャンプできます。どの色のコマも踏み台になり、あなたのはしごは相手にも使えます。

    置いていかれるコマを作らないこと。近くに跳び越すコマがないまま遠く後ろに残ったコマは、最後に1マスずつ何手もかかり、そのせいで負けることがよくあります。

    ゴールは先端、つまりいちばん奥から埋めましょう。最後に埋めるマスが中央に近い、入りやすいマスになります。

    自分をふさがないこと。じゃまな所に置いたコマは、次のジャンプに必要なマスをふさぎます。今の短い前進より、次の手で長い連続ジャンプができる横への1マスのほうが良いこともあります。
rules-tips-diamond =
    はしごを作りましょう。一直線上に1マスおきにコマを並べると、後ろのコマが遠くまでジャンプできます。はしごは相手にも使えるので、どこに残すか気をつけましょう。

    全部のコマを連れていきましょう。近くに跳び越すコマがないまま後ろに残った1〜2個のコマは、最後に1マスずつ何手もかかります。

    盤のふちに近づきすぎないこと。入れない三角があるので、ふちのコマは動ける方向が少なくなります。

    キングの前にコマを並べましょう。キングは列全体を1回で跳び越せます。

    ゴールは奥から埋め、◎はキングのために空けておきましょう。最後に埋めるマスが、中央に近い入りやすいマスになります。

    自分をふさがないこと。じゃまな所に置いたコマは、次のジャンプに必要なマスをふさぎます。

## How to play: diagram captions

diagram-step = 1マス進む: 赤のコマがとなりの空いたマスへ動きます。
diagram-hop = ジャンプ: となりのコマを跳び越えて、その向こうの空いたマスへ。跳び越されたコマは盤に残ります。
diagram-chain = 1手で3回の連続ジャンプ。両方の色のコマを跳び越えます。1マスおきに並んだコマが、このようなはしごになります。
diagram-through-point = 連続ジャンプがほかのプレイヤーの陣地に一度着地して、また跳び出します。最初のジャンプのあとそこで止まることはできません。
diagram-closed-triangle = 赤は黄のゴールのふち（中央のマス）にはジャンプで入れますが、その奥の三角にはどの赤のコマも入れません。
diagram-target-lock = このコマはもうゴールに入っています。ゴールの奥へは動けますが、中央へ戻ることはできません。
diagram-long-hop = ロングジャンプ: 2マス先のコマを跳び越え、赤のコマはその2マス向こうに着地します。途中のほかのマスはすべて空いています。
diagram-king-jump = キングは3個並んだコマの列をまとめて1回で跳び越え、そのすぐ先の空いたマスに着地します。ふつうのコマにはできません。
diagram-swap = 赤のコマが1マス進めるゴールのマスに、青のコマがいます。赤は2つを交換します。赤のコマがそのマスに入り、青のコマは赤のコマがいたマスへ移ります。
diagram-fill-win = 3個の青のコマが赤のゴールから出ていません。赤の1マスで最後のマスが埋まり、ゴールが満杯になって赤の勝ちです。
diagram-anti-spoil = 青は3個のコマを自分の陣地、つまり赤のゴールに残しました。両者とも30手を指したので、赤の1マスで最後のマスが埋まると、その青のコマは赤の分に数えられ、赤は上がりです。
diagram-win = 赤の最後のコマが入ります。ゴールの10マスすべてが赤のコマになり、赤の勝ちです。
diagram-king-home = 赤のキングがふちにそって4個の列を跳び越え、先端◎に着地します。ゴールが埋まり、キングも入ったので赤の勝ちです。
diagram-labels = 赤にとって、この1マスは R4 S1 から R5 S5 への手です。5段目は中央の最初の段で、赤の左側にある陣地の4マスから始まるので、中央の最初のマスは5番目です。

## Refused presses in words

refusal-game-over = ゲームは終わりました。新しく始めるか、もう一度遊びましょう。
refusal-empty-origin = そこには動かすコマがありません。
refusal-not-your-piece = そのコマはほかのプレイヤーのものです。自分のコマを選びましょう。
refusal-occupied = そのマスはふさがっています。手を終えられるのは空いたマスだけです。
refusal-not-adjacent = 1マス進むのはとなりのマスだけです。もっと遠くへは、コマを跳び越えましょう。
refusal-not-reachable = このコマは1マス進んでも連続ジャンプでもそこへ行けません。ジャンプには、すぐとなりのコマと、そのすぐ向こうの空いたマスが必要です。
refusal-no-movement = 手では、コマをどこか別の場所へ動かす必要があります。
refusal-must-stay-in-target = このコマはもうゴールに入っているので、どの手もゴールの中で終わる必要があります。ゴールの中で動くことはできます。
refusal-cannot-stop-there = ほかのプレイヤーの陣地で止まることはできません。ジャンプで通るのはかまいませんが、手は中央、自分の陣地、ゴールのどれかで終わる必要があります。
refusal-cannot-stop-there-diamond = ほかの色の三角には入れません。だれでも入れるのは中央のふちの5マスだけです。
refusal-makes-another-win = その手はほかのプレイヤーのゴールを完成させてしまうので、打てません。
refusal-cannot-pass = まだ動けるので、パスはできません。
refusal-bad-swap = 交換できるのは、ゴールの中の相手のコマで、そのマスへ自分のコマが1マス進むか連続ジャンプで行ける場合だけです。
refusal-swap-not-played = このルールに交換はありません。
refusal-nowhere-to-go = このコマは今は囲まれて動けません。リングが出ません。前が空いているコマを選びましょう。

## Game over: how the game was decided

decided-anti-spoil = それぞれ{ $turns }手のあとも、{ $winner }のゴールには{ $opposite }のコマが{ $left }個残ったまま埋まりました。居座り防止ルールにより、それらは{ $winner }の分に数えられ、{ $winner }の勝ちです。
decided-fill = { $winner }のゴールは、ほかのプレイヤーのコマ{ $others }個を含んで満杯になり、1個以上が{ $winner }のコマでした。埋めルールにより、{ $winner }の勝ちです。
decided-filled-diamond = { $winner }のゴールは、ほかのプレイヤーのコマ{ $others }個を含んで満杯になり、{ $winner }のキングが◎にいたので、{ $winner }の勝ちです。
decided-completed-by = それを完成させたのは{ $colour }自身の手でした。
decided-resigned = { $resigned }が投了したので、{ $winner }の勝ちです。
decided-resigned-nearest = 残りの中で、コマがいちばんゴールに近かったプレイヤーです。
decided-resigned-best-placed = 残りの中で、いちばん順位が上でした（ゴールに入ったコマがいちばん多く、次に残りの距離がいちばん短い）。
decided-all-passed-draw = だれも動けませんでした。全員が続けてパスし、もう何も変わらないので引き分けです。
decided-move-cap-draw = それぞれ{ $moves }手を指しても勝者がいないので、引き分けです。
decided-no-progress-draw = それぞれ{ $turns }手のあいだ、だれもゴールに近づかなかったので、引き分けです。
decided-ranked-turn-cap = それぞれ{ $turns }手でだれも上がらなかったので、ゲームは打ち切りです。ゴールに入ったコマの数、次に残りの距離で順位をつけます: { $first }。
decided-ranked-all-passed = 全員が続けてパスし、もう何も変わらないので、ゲームは打ち切りです。ゴールに入ったコマの数、次に残りの距離で順位をつけます: { $first }。
decided-first-one = { $colour }の勝ち
decided-first-shared = { $colours }と{ $last }が同率1位

## The guided first game

guided-select-any = あなたのコマは、いちばん手前の陣地にある赤いコマです。どれか1つを持ち上げましょう。赤いコマをタップかクリックします。
guided-select-any-done = 持ち上がりました。もう一度タップすると下ろせます。別の赤いコマをタップしてもかまいません。
guided-select-movable = 陣地のいちばん前の列のコマを持ち上げましょう。この手で行けるすべてのマスにリングが出ます。
guided-select-movable-done = リングのあるマスが、このコマが今行けるすべての場所です。
guided-preview = リングのあるマスにポインターを合わせるか、タッチ画面なら1回タップしましょう。そこまでの道が描かれ、うすいコマが着地する場所を示します。まだ何も動きません。
guided-preview-done = これがプレビューです。動かす前に確かめましょう。
guided-step = 1マス進みましょう。すぐとなりの空いたマスへコマを動かします。リングをクリックするか、もう一度タップします。
guided-step-meanwhile = 今は1マス進めるコマがありません。何か1手指してから、1マス進んでみましょう。
guided-step-done = 1マス進みました。次は青の番です。青はすぐに指します。
guided-hop = ジャンプしましょう。すぐとなりにコマがあり、そのすぐ向こうが空いていれば、跳び越えられます。どの色のコマも跳び越せて、取られるコマはありません。
guided-hop-meanwhile = 今はジャンプできるところがありません。コマをほかのコマのとなりに進めてから、ジャンプしましょう。
guided-hop-done = ジャンプなら1手で2マス進みます。
guided-chain = 連続ジャンプをしましょう。遠くのリングは、何回も続けてジャンプできるという意味のことがあります。その遠いマスを選ぶと、コマは1手でそこまで跳んでいきます。
guided-chain-meanwhile = まだ連続ジャンプできるところがありません。コマの間を1マスずつ空けて、はしごを作れば、すぐにできます。
guided-chain-done = 連続ジャンプ。盤を横切るいちばん速い方法です。
guided-free = これで大丈夫。続けましょう。青があなたの陣地を埋める前に、向かいの陣地を10個の赤いコマで埋めましょう。横の陣地で手を終えることはできず、ゴールに入ったコマはそこから出られません。
guided-not-step = 良い手ですが、1マス進む手ではありません。次の手では、コマを1マスだけ動かしましょう。
guided-not-hop = 良い手ですが、ジャンプではありません。次の手では、コマを跳び越えましょう。
guided-not-chain = 良い手ですが、連続ジャンプではありません。次の手では、ジャンプ2回分先のリングを探しましょう。

## The Play online screen

menu-play-online = オンラインで遊ぶ
online-page-title = オンラインで遊ぶ
menu-quick-match = すぐに対戦: { $rules }、{ $count }人
menu-quick-match-any = すぐに対戦: どのルールでも、{ $count }人
menu-create-private = 新しい非公開のテーブル（リンクを送る）
menu-host-here = このコンピューターでテーブルを開く（同じネットワークの友だちがリンクで入る）
menu-create-public = 新しい公開テーブル（下に表示）
menu-type-name = 名前を入力: { $name }
menu-type-code = コードかリンクで入る: { $code }
menu-type-server = サーバー: { $address }
online-bad-server = { $address }はサーバーのアドレス（http://HOST:PORT）ではありません: { $reason }
menu-join-code = 入る
menu-back = 戻る
typing-hint = （Enter: 決定、Esc: やめる）
lobby-connecting = 公開テーブルを探しています...
lobby-empty = 公開テーブルはまだありません。すぐに対戦で作れます
lobby-count = 公開テーブル: { $count }
lobby-failed = 公開テーブルを表示できません: { $reason }
lobby-column-who = プレイヤー
lobby-column-rules = ルール
lobby-column-seats = 席
lobby-column-clock = 1手の時間
lobby-column-age = 待ち時間
# A public table's move clock. $seconds: seconds a move.
lobby-clock = { $seconds ->
        [180] 3分
       *[other] { $seconds }秒
    }
# How long a public table has waited for players. $minutes: whole minutes.
lobby-age = { $minutes ->
        [0] 今開いた
       *[other] { $minutes }分
    }
lobby-playing = 対局中
lobby-sit = 座る
lobby-watch = 見る
menu-online-more = その他のオプション…
menu-online-less = 閉じる
lobby-refresh = もう一度探す
online-bad-name = 名前は1〜20文字で、改行や見えない文字は使えません
online-bad-code = 「{ $code }」はルームのコード（英数字10文字）でもリンクでもありません
menu-player-code = プレイヤーコード: { $code }
menu-player-code-hidden = プレイヤーコード（ほかのデバイスで同じプレイヤーとして遊ぶ）: 押して表示
menu-new-identity = 新しいプレイヤー
menu-new-identity-sure = 新しいプレイヤー: もう一度押して決定
online-player-code-taken = プレイヤーコードを使いました。これからはそのプレイヤーとして遊びます
online-bad-player-code = プレイヤーコードは0〜9とa〜fの32文字です（ハイフンはあってもかまいません）
online-new-identity-ask = 新しいプレイヤーとして始めますか？ 対局とレーティングは今のコードに残ります。先にメモしてください。続けるにはもう一度「新しいプレイヤー」を押します。
online-new-identity-done = 新しいプレイヤーになりました
replay-loaded = 対局 { $game } の再生: 棋譜で一手ずつ見られます
replay-failed = 対局 { $game } を開けませんでした: { $reason }
fetch-status = サーバーの返事: { $status }
fetch-garbled = サーバーの返事を読めませんでした
server-error-too-many-waiting = 待っている公開テーブルがいっぱいです。どれかに入ってください
server-error-too-many-watchers = サーバーが表示できる人数を超えました。あとで試してください

## My games and the leaderboard

menu-my-games = わたしの対局
my-games-title = わたしの対局
my-games-local-count = このデバイスの記録: コンピューターとの対局 { $count }（最新の{ $most }まで）
my-games-local-none = このデバイスで終わったコンピューターとの対局はまだありません
my-games-stats = { $rules }・{ $level }: { $played }局、{ $won }勝 { $lost }敗 { $drawn }引き分け、1局{ $moves }手
my-games-rules = { $rules }、{ $players }人
my-games-local-game = { $result }: { $rules }・{ $level }、{ $moves }手、{ $date }
outcome-won = 勝ち
outcome-lost = 負け
outcome-drawn = 引き分け
my-games-more = もっと見る
my-games-online-never = オンライン対局: まだありません（オンラインで遊ぶと記録されます）
my-games-online-loading = オンライン対局: サーバーから読み込んでいます...
my-games-online-failed = オンライン対局を読めません: { $reason }
my-games-online-none = オンライン対局: サーバーにまだ記録がありません
my-games-online-count = オンライン対局: { $count }（新しい順）
my-games-online-game = { $result }: { $rules }、{ $others }と、{ $date }
my-games-online-game-rated = { $result }（{ $change }）: { $rules }、{ $others }と、{ $date }
my-games-opened = { $date }の対局: 棋譜で一手ずつ見られます
menu-leaderboard = ランキング
leaderboard-title = ランキング
leaderboard-all-counts = すべての人数
leaderboard-loading = サーバーからランキングを読み込んでいます...
leaderboard-failed = ランキングを読めません: { $reason }
leaderboard-empty = まだ決まったレーティングはありません（レーティング対局を10局ほどで決まります）
leaderboard-count = { $rules }: 上位{ $count }
leaderboard-line = { $rank }. { $name }: { $rating }（{ $games }局）
leaderboard-line-you = { $rank }. { $name }（あなた）: { $rating }（{ $games }局）
records-unnamed = （名前なし）
records-no-server = サーバーが決まっていません（オンライン対戦: サーバーを入力）
rated-name = { $name }（{ $rating }）
game-over-rating = { $seat }: レーティング { $rating }（{ $change }）
