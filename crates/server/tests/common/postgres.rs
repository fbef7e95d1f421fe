//! A PostgreSQL of the test's own, shared by the store's unit tests (`src/records.rs`) and the
//! binary's tests: `initdb` in a temporary folder, a Unix socket there, no TCP.

#![allow(dead_code)]

/// A PostgreSQL of the test's own: `initdb` in a temporary folder, listening only on a Unix
/// socket there (as root, the server runs as the `postgres` user, as it insists). Stopped
/// and removed when dropped.
pub struct Postgres {
    server: Option<std::process::Child>,
    dir: std::path::PathBuf,
    bin: std::path::PathBuf,
}

impl Postgres {
    pub fn start(name: &str) -> Postgres {
        use std::process::Command;
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL is installed (scripts/deps.sh)")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").exists())
            .max()
            .expect("PostgreSQL's initdb (scripts/deps.sh)");
        let dir = std::env::temp_dir().join(format!("starhalma-pg-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let root = running_as_root();
        let run = |program: &str| {
            let path = bin.join(program);
            if root {
                let mut command = Command::new("runuser");
                command.args(["-u", "postgres", "--"]).arg(path);
                command
            } else {
                Command::new(path)
            }
        };
        if root {
            let owned = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .unwrap();
            assert!(owned.success());
        }
        let data = dir.join("data");
        let made = run("initdb")
            .args(["-A", "trust", "-U", "starhalma", "--no-sync", "-D"])
            .arg(&data)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(made.success(), "initdb failed");
        let mut postgres = Postgres {
            server: None,
            dir,
            bin,
        };
        postgres.resume();
        postgres
    }

    /// Start the server on the data made by `start` (again, after `stop`).
    pub fn resume(&mut self) {
        use std::process::Command;
        let path = self.bin.join("postgres");
        let mut command = if running_as_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(path);
            command
        } else {
            Command::new(path)
        };
        let server = command
            .arg("-D")
            .arg(self.dir.join("data"))
            .arg("-k")
            .arg(&self.dir)
            .args(["-c", "listen_addresses=", "-c", "fsync=off"])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let socket = self.dir.join(".s.PGSQL.5432");
        for _ in 0..300 {
            if socket.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert!(socket.exists(), "PostgreSQL did not start");
        self.server = Some(server);
    }

    /// Stop the server (a fast shutdown: its connections are cut), keeping its data.
    pub fn stop(&mut self) {
        let _ = std::process::Command::new("pkill")
            .args(["-INT", "-f"])
            .arg(format!("postgres -D {}", self.dir.join("data").display()))
            .status();
        if let Some(mut server) = self.server.take() {
            let _ = server.wait();
        }
        let socket = self.dir.join(".s.PGSQL.5432");
        for _ in 0..300 {
            if !socket.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    pub fn address(&self) -> String {
        format!(
            "postgres:///postgres?host={}&user=starhalma",
            self.dir.display()
        )
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // SIGTERM through `kill`, so a server started by runuser stops too: a smart
        // shutdown.
        let _ = std::process::Command::new("pkill")
            .args(["-TERM", "-f"])
            .arg(format!("postgres -D {}", self.dir.join("data").display()))
            .status();
        if let Some(mut server) = self.server.take() {
            let _ = server.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn running_as_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout.starts_with(b"0\n"))
        .unwrap_or(false)
}
