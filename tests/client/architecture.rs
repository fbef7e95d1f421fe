//! The client's structure as docs/ARCHITECTURE.md draws it, read from the sources: every
//! `crate::` and `super::` path in `src/` is an import of the module it names, and the imports
//! form layers that only look down, with no circle anywhere (siblings under `ui/` included).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The client's top-level modules, lowest first: each may import only from those before it.
/// docs/ARCHITECTURE.md lists the same layers.
const LAYERS: &[&str] = &[
    "frame",
    "lenient",
    "rest",
    "locale",
    "layout",
    "core",
    "selection",
    "sound",
    "board",
    "glow",
    "marbles",
    "marks",
    "picking",
    "camera",
    "ai",
    "net",
    "ui",
    "persist",
    "devtools",
    "web",
    "engine",
];

type Module = Vec<String>;

/// Every module of the client with its source: `src/ui/hud.rs` is `ui::hud`, a `mod.rs` is its
/// folder's module, `lib.rs` the root (the binary's `main.rs` is not part of the library).
fn modules() -> BTreeMap<Module, String> {
    modules_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The modules of the crate whose sources are in `src`.
fn modules_in(src: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, into: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, into);
            } else if path.extension().is_some_and(|e| e == "rs") {
                into.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(src).unwrap().with_extension("");
        let mut module: Module = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        match module.last().map(String::as_str) {
            Some("main") if module.len() == 1 => continue,
            Some("lib") if module.len() == 1 => module.clear(),
            Some("mod") => {
                module.pop();
            }
            _ => {}
        }
        let text = std::fs::read_to_string(&file).unwrap();
        // A file's test module (last in it) may reach across the crate to check one part
        // against another: its imports are not the library's.
        let library = text.split("#[cfg(test)]").next().unwrap_or_default();
        modules.insert(module, without_comments(library));
    }
    modules
}

/// The source without `//` comments (doc comments name paths that are not imports).
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths named right after a `crate::` or `super::` at `rest`: one path, or each path of a
/// `{a::b, c}` group (nested groups are followed only to their first segment).
fn named_paths(rest: &str) -> Vec<String> {
    let is_path_char = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 1;
        let mut current = String::new();
        let mut paths = Vec::new();
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        paths.push(std::mem::take(&mut current));
                        break;
                    }
                }
                ',' if depth == 1 => paths.push(std::mem::take(&mut current)),
                _ if depth == 1 => current.push(c),
                _ => {}
            }
        }
        return paths
            .iter()
            .map(|p| p.trim().chars().take_while(|&c| is_path_char(c)).collect())
            .filter(|p: &String| !p.is_empty())
            .collect();
    }
    let path: String = rest.chars().take_while(|&c| is_path_char(c)).collect();
    vec![path]
}

/// The module a path names from `base`: the longest prefix of it that is a module.
fn module_named(modules: &BTreeMap<Module, String>, base: &[String], path: &str) -> Option<Module> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    (0..=segments.len()).rev().find_map(|n| {
        let mut candidate = base.to_vec();
        candidate.extend(segments[..n].iter().map(|s| s.to_string()));
        modules.contains_key(&candidate).then_some(candidate)
    })
}

/// Every import, as (importing module, imported module). A module's own children are not its
/// imports (declaring and composing them is what a parent does), and neither is itself.
fn imports(modules: &BTreeMap<Module, String>) -> BTreeSet<(Module, Module)> {
    let mut edges = BTreeSet::new();
    for (module, text) in modules {
        for keyword in ["crate::", "super::"] {
            for (at, _) in text.match_indices(keyword) {
                let before = text[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let base: &[String] = if keyword == "crate::" {
                    &[]
                } else if module.len() <= 1 {
                    // `super::` in a top-level file is an inline module's (sound's `output`):
                    // it names the file itself.
                    continue;
                } else {
                    &module[..module.len() - 1]
                };
                for path in named_paths(&text[at + keyword.len()..]) {
                    let Some(target) = module_named(modules, base, &path) else {
                        continue;
                    };
                    if target != *module && !target.starts_with(module) {
                        edges.insert((module.clone(), target));
                    }
                }
            }
        }
    }
    edges
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "the crate root (lib.rs)".into()
    } else {
        module.join("::")
    }
}

#[test]
fn the_client_imports_only_down_its_layers() {
    let modules = modules();
    let layer = |module: &Module| {
        let top = module.first()?;
        LAYERS.iter().position(|l| l == top)
    };
    for module in modules.keys().filter(|m| m.len() == 1) {
        assert!(
            layer(module).is_some(),
            "{} is missing from LAYERS here and in docs/ARCHITECTURE.md",
            name(module)
        );
    }
    let mut upward = Vec::new();
    for (from, to) in imports(&modules) {
        if from.is_empty() || from.first() == to.first() {
            continue;
        }
        match (layer(&from), layer(&to)) {
            (Some(a), Some(b)) if b < a => {}
            _ => upward.push(format!("{} imports {}", name(&from), name(&to))),
        }
    }
    assert!(upward.is_empty(), "imports up the layers: {upward:#?}");
}

#[test]
fn no_import_circle_in_the_client() {
    let circles = circles(&modules());
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

/// The library crates (rules, AI, protocol, server, ...) have no import circle either.
#[test]
fn no_import_circle_in_the_crates() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut seen = 0;
    for entry in std::fs::read_dir(&crates).expect("crates/ is readable") {
        let src = entry.expect("a directory entry").path().join("src");
        if !src.is_dir() {
            continue;
        }
        seen += 1;
        let circles = circles(&modules_in(&src));
        assert!(
            circles.is_empty(),
            "import circles in {src:?}: {circles:#?}"
        );
    }
    assert!(seen >= 5, "the crates were found ({seen})");
}

/// Every circle of imports among `modules`, as "a -> b -> a".
fn circles(modules: &BTreeMap<Module, String>) -> Vec<String> {
    let mut next: BTreeMap<Module, Vec<Module>> = BTreeMap::new();
    for (from, to) in imports(modules) {
        next.entry(from).or_default().push(to);
    }
    // Depth-first search: a module met again while it is still on the path closes a circle.
    fn visit(
        module: &Module,
        next: &BTreeMap<Module, Vec<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
        circles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|m| m == module) {
            let circle: Vec<String> = path[at..].iter().chain([module]).map(|m| name(m)).collect();
            circles.push(circle.join(" -> "));
            return;
        }
        if !done.insert(module.clone()) {
            return;
        }
        path.push(module.clone());
        for target in next.get(module).into_iter().flatten() {
            visit(target, next, path, done, circles);
        }
        path.pop();
    }
    let mut circles = Vec::new();
    let mut done = BTreeSet::new();
    for module in modules.keys() {
        visit(module, &next, &mut Vec::new(), &mut done, &mut circles);
    }
    circles
}

#[test]
fn the_architecture_test_sees_imports() {
    // The reader must find what it checks: the interface imports core, a sibling under ui/
    // imports another, and nothing is a module of its own.
    let modules = modules();
    let edges = imports(&modules);
    let module = |path: &str| -> Module { path.split("::").map(String::from).collect() };
    assert!(edges.contains(&(module("ui::hud"), module("ui::arrange"))));
    assert!(edges.contains(&(module("ui"), module("core"))));
    assert!(edges.contains(&(module("core::apply"), module("core"))));
    assert!(edges.iter().all(|(from, to)| from != to));
    assert_eq!(
        named_paths("{core::{Match, Setup}, frame::Frame, locale};"),
        vec!["core::", "frame::Frame", "locale"]
    );
}
