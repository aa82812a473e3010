//! A small client of the Chrome DevTools Protocol: a headless Chromium
//! started on a fresh profile, one page, commands and their results, and
//! the page's console errors and uncaught exceptions.

use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

/// A headless Chromium and a page in it.
pub struct Browser {
    child: Child,
    ws: WebSocket<TcpStream>,
    session: String,
    next_id: u64,
    /// Console errors and exceptions seen so far.
    pub errors: Vec<String>,
    _profile: tempfile::TempDir,
}

const WAIT: Duration = Duration::from_secs(60);

impl Browser {
    /// Starts `chromium` (headless, a fresh profile, nothing from the
    /// network) and opens a blank page.
    pub fn start(chromium: &Path) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1300,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            // A group of its own: its helper processes end with it.
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromium");
        // Chromium writes its port and browser endpoint to this file.
        let port_file = profile.path().join("DevToolsActivePort");
        let started = Instant::now();
        let (port, path) = loop {
            if let Ok(text) = std::fs::read_to_string(&port_file) {
                let mut lines = text.lines();
                if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                    break (port.to_owned(), path.to_owned());
                }
            }
            assert!(
                started.elapsed() < WAIT,
                "chromium did not open its debugging port"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let stream = TcpStream::connect(format!("127.0.0.1:{port}")).expect("connect to chromium");
        stream.set_read_timeout(Some(WAIT)).unwrap();
        let url = format!("ws://127.0.0.1:{port}{path}");
        let (ws, _) = tungstenite::client(url.as_str(), stream).expect("DevTools handshake");
        let mut b = Browser {
            child,
            ws,
            session: String::new(),
            next_id: 0,
            errors: Vec::new(),
            _profile: profile,
        };
        let target = b.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().expect("a target id").to_owned();
        let attached = b.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_owned();
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            b.call(domain, json!({}));
        }
        b
    }

    fn send(&mut self, method: &str, params: Value) -> u64 {
        self.next_id += 1;
        let mut msg = json!({"id": self.next_id, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        self.ws
            .send(Message::text(msg.to_string()))
            .expect("send to chromium");
        self.next_id
    }

    /// The next message from the browser; events are noted (errors) and
    /// returned too.
    fn receive(&mut self) -> Value {
        loop {
            let message = self
                .ws
                .read()
                .unwrap_or_else(|e| panic!("no message from chromium within {WAIT:?}: {e}"));
            match message {
                Message::Text(t) => {
                    let v: Value = serde_json::from_str(t.as_str()).expect("JSON from chromium");
                    self.note(&v);
                    return v;
                }
                Message::Close(_) => panic!("chromium closed the connection"),
                _ => {}
            }
        }
    }

    fn note(&mut self, v: &Value) {
        let p = &v["params"];
        match v["method"].as_str() {
            Some("Runtime.exceptionThrown") => self
                .errors
                .push(format!("exception: {}", p["exceptionDetails"])),
            Some("Runtime.consoleAPICalled") if p["type"] == "error" => {
                self.errors.push(format!("console.error: {}", p["args"]))
            }
            Some("Log.entryAdded") if p["entry"]["level"] == "error" => {
                self.errors.push(format!("log: {}", p["entry"]["text"]))
            }
            _ => {}
        }
    }

    /// Sends a command and waits for its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.send(method, params);
        loop {
            let v = self.receive();
            if v["id"] == json!(id) {
                assert!(v.get("error").is_none(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
        }
    }

    /// Opens `url` and waits for its load event.
    pub fn open(&mut self, url: &str) {
        self.send("Page.navigate", json!({"url": url}));
        loop {
            let v = self.receive();
            if v["method"] == "Page.loadEventFired" {
                return;
            }
        }
    }

    /// Evaluates `expression` in the page; its value as JSON.
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        assert!(
            r.get("exceptionDetails").is_none(),
            "{expression}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = nix::unistd::Pid::from_raw(self.child.id() as i32);
        let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
        let _ = self.child.wait();
    }
}
