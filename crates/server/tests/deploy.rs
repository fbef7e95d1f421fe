//! deploy/ (issue 51): the systemd unit's command line run as systemd would run it, the
//! variables of its environment file and the instance's port put in, against a Redis and a
//! PostgreSQL of the test's own. Two gateways started from the one unit answer the proxy's
//! health check, keep games, serve the web build, and seat two players of one room.

mod common;

/// Rooms in Redis, as the unit's gateways keep them.
const STORE: common::Store = common::Store::Redis;

use common::postgres::Postgres;
use common::{RedisProcess, ServerProcess, variant};
use starhalma_protocol::ClientMessage;
use starhalma_rules::RuleSet;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the unit expects the package's files and its state; the test puts them under a folder
/// of each gateway's own.
const INSTALLED: &str = "/usr/lib/starhalma";
const STATE: &str = "/var/lib/starhalma";

fn deploy_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `KEY=VALUE` lines, as systemd's `EnvironmentFile=` reads them (comments and blank lines
/// skipped).
fn environment(file: &str) -> HashMap<String, String> {
    file.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (key, value) = line.split_once('=').expect("KEY=VALUE");
            (key.to_string(), value.to_string())
        })
        .collect()
}

/// The unit's one `ExecStart=` line.
fn exec_start(unit: &str) -> &str {
    let mut lines = unit.lines().filter_map(|l| l.strip_prefix("ExecStart="));
    let line = lines.next().expect("the unit has an ExecStart line");
    assert!(lines.next().is_none(), "one ExecStart line");
    line
}

/// The names of the `${NAME}` variables a line uses.
fn variables(line: &str) -> Vec<String> {
    line.split("${")
        .skip(1)
        .map(|rest| rest.split_once('}').expect("a closed ${…}").0.to_string())
        .collect()
}

/// The command systemd would run for `instance`: words split on spaces (the line has no
/// quotes), `%i` the instance, `${NAME}` from `env` (one word each, as systemd does), and the
/// installed paths moved under `root`.
fn command_of(line: &str, instance: &str, env: &HashMap<String, String>, root: &Path) -> Command {
    let root = root.to_str().unwrap();
    let words: Vec<String> = line
        .split_whitespace()
        .map(|word| {
            let mut word = word.replace("%i", instance);
            for (name, value) in env {
                word = word.replace(&format!("${{{name}}}"), value);
            }
            word.replace(INSTALLED, &format!("{root}{INSTALLED}"))
                .replace(STATE, &format!("{root}{STATE}"))
        })
        .collect();
    let program = &words[0];
    assert!(
        program.ends_with("/starhalma-server"),
        "the unit runs the server: {program}"
    );
    let mut command = Command::new(env!("CARGO_BIN_EXE_starhalma-server"));
    command.args(&words[1..]);
    command
}

/// A gateway's installed files: the web build's page, and its state folder (systemd's
/// `StateDirectory=` makes it).
fn installed_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("starhalma-deploy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dist = root.join(&INSTALLED[1..]).join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<title>starhalma</title>").unwrap();
    std::fs::create_dir_all(root.join(&STATE[1..])).unwrap();
    root
}

#[test]
fn two_gateways_started_by_the_systemd_unit_share_rooms_and_keep_games() {
    let unit = deploy_file("starhalma-server@.service");
    let line = exec_start(&unit);
    let example = environment(&deploy_file("server.env"));
    // Every variable the line uses is in the example environment file a host copies.
    let used = variables(line);
    assert!(!used.is_empty());
    for name in &used {
        assert!(example.contains_key(name), "server.env lacks {name}");
    }
    assert!(
        unit.contains("EnvironmentFile=/etc/starhalma/server.env"),
        "the unit reads the file deploy/server.env is copied to"
    );

    // This machine's Redis and PostgreSQL in place of the example's addresses.
    let redis = RedisProcess::start();
    let postgres = Postgres::start("deploy");
    let env = HashMap::from([
        ("STARHALMA_REDIS".to_string(), redis.url.clone()),
        ("STARHALMA_DATABASE".to_string(), postgres.address()),
    ]);
    assert_eq!(
        env.keys().collect::<std::collections::BTreeSet<_>>(),
        example.keys().collect(),
        "the test gives every variable of server.env"
    );
    // Port 0: each instance gets a free port (a host names them, e.g. @8081 and @8082).
    let roots = [installed_root("a"), installed_root("b")];
    let a = ServerProcess::spawn(command_of(line, "0", &env, &roots[0]));
    let b = ServerProcess::spawn(command_of(line, "0", &env, &roots[1]));

    for gateway in [&a, &b] {
        assert_eq!(gateway.get("/healthz", &[]), (200, "ok\n".to_string()));
        let (status, body) = gateway.get("/api/version", &[]);
        assert_eq!(status, 200, "{body}");
        let said: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(said["records"], true, "games go to PostgreSQL: {body}");
        let (status, page) = gateway.get("/", &[]);
        assert_eq!((status, page.as_str()), (200, "<title>starhalma</title>"));
        // Behind the proxy: the address it forwards is the one the limits count.
        let (status, _) = gateway.get(
            "/api/leaderboard?rules=laws&players=2",
            &[("X-Forwarded-For", "203.0.113.9")],
        );
        assert_eq!(status, 200, "the records answer from PostgreSQL");
    }

    // A room made on one gateway, joined on the other.
    let mut host = a.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: Some("Asha".into()),
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let mut friend = b.connect();
    friend.send(&ClientMessage::Hello {
        room: host.room,
        token: None,
        name: Some("Sakura".into()),
        player_key: None,
    });
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    assert_eq!(friend.seat, Some(1), "seated through the other gateway");
    while host.seq < 2 {
        host.recv();
    }
    for root in roots {
        let _ = std::fs::remove_dir_all(root);
    }
}
