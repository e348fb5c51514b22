#!/usr/bin/env python3
"""Saves a HAR of a page loaded by headless Chromium, built from the browser's CDP Network events.

    scripts/chromium-har.py <folder to serve> <page path> <output.har>

Serves the folder on 127.0.0.1:8765, starts chromedriver with Chromium's performance log (CDP Network
events), loads the page, waits for the network to go quiet, asks Chromium for each response body
(Network.getResponseBody) and writes the entries the way devtools' "Save all as HAR" does. It made
Tests/LitmusHTTPStubsTests/Fixtures/chromium-export.har; nothing runs it in tests.
"""
import datetime, http.server, json, os, socketserver, subprocess, sys, threading, time, urllib.request

folder, page, output = sys.argv[1], sys.argv[2], sys.argv[3]
PORT, DRIVER = 8765, 9515


class Quiet(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=folder, **kwargs)

    def log_message(self, *args):
        pass


server = socketserver.TCPServer(("127.0.0.1", PORT), Quiet)
threading.Thread(target=server.serve_forever, daemon=True).start()
driver = subprocess.Popen(["chromedriver", f"--port={DRIVER}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{DRIVER}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["value"]


try:
    for _ in range(50):
        try:
            call("GET", "/status")
            break
        except OSError:
            time.sleep(0.1)
    session = call("POST", "/session", {"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:loggingPrefs": {"performance": "ALL"},
        "goog:chromeOptions": {"args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
                               "perfLoggingPrefs": {"enableNetwork": True, "enablePage": False}}}}})["sessionId"]
    call("POST", f"/session/{session}/url", {"url": f"http://127.0.0.1:{PORT}{page}"})
    time.sleep(1.5)
    browser = call("GET", f"/session/{session}/se/log/types") and "Chromium"
    version = call("POST", f"/session/{session}/goog/cdp/execute", {"cmd": "Browser.getVersion", "params": {}})
    events = [json.loads(entry["message"])["message"]
              for entry in call("POST", f"/session/{session}/se/log", {"type": "performance"})]
    requests, responses, finished = {}, {}, {}
    for event in events:
        params = event.get("params", {})
        if event["method"] == "Network.requestWillBeSent":
            requests[params["requestId"]] = params
        elif event["method"] == "Network.responseReceived":
            responses[params["requestId"]] = params
        elif event["method"] == "Network.loadingFinished":
            finished[params["requestId"]] = params
    entries = []
    for request_id, sent in requests.items():
        if request_id not in responses:
            continue
        received, response = responses[request_id], responses[request_id]["response"]
        body = call("POST", f"/session/{session}/goog/cdp/execute",
                    {"cmd": "Network.getResponseBody", "params": {"requestId": request_id}})
        timing = response.get("timing", {})
        send = timing.get("sendEnd", 0) - timing.get("sendStart", 0)
        wait = timing.get("receiveHeadersEnd", 0) - timing.get("sendEnd", 0)
        total = (finished.get(request_id, received)["timestamp"] - sent["timestamp"]) * 1000
        request = sent["request"]
        url = request["url"]
        query = urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query, keep_blank_values=True)
        content = {"size": len(body["body"]), "mimeType": response["mimeType"]}
        content.update({"text": body["body"], "encoding": "base64"} if body["base64Encoded"] else {"text": body["body"]})
        headers = response.get("headers", {})
        entries.append({
            "_initiator": sent.get("initiator", {}), "_priority": request.get("initialPriority"),
            "_resourceType": sent.get("type", "Other").lower(),
            "cache": {}, "connection": str(response.get("connectionId", "")), "pageref": "page_1",
            "request": {"method": request["method"], "url": url, "httpVersion": "HTTP/1.1",
                        "headers": [{"name": k, "value": v} for k, v in request["headers"].items()],
                        "queryString": [{"name": k, "value": v} for k, v in query], "cookies": [],
                        "headersSize": -1, "bodySize": 0},
            "response": {"status": response["status"], "statusText": response["statusText"],
                         "httpVersion": response.get("protocol", "http/1.1").upper(),
                         "headers": [{"name": k, "value": v} for k, v in headers.items()], "cookies": [],
                         "content": content, "redirectURL": headers.get("Location", ""),
                         "headersSize": -1, "bodySize": -1,
                         "_transferSize": finished.get(request_id, {}).get("encodedDataLength", -1), "_error": None,
                         "_fetchedViaServiceWorker": False},
            "serverIPAddress": response.get("remoteIPAddress", ""),
            "startedDateTime": datetime.datetime.fromtimestamp(sent["wallTime"], datetime.timezone.utc)
                .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "time": total,
            "timings": {"blocked": max(timing.get("dnsStart", 0), 0), "dns": -1, "ssl": -1, "connect": -1,
                        "send": send, "wait": wait, "receive": max(total - send - wait, 0),
                        "_blocked_queueing": -1}})
    started = entries[0]["startedDateTime"] if entries else ""
    har = {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
                   "browser": {"name": "Chromium", "version": version["product"].split("/")[-1]},
                   "pages": [{"startedDateTime": started, "id": "page_1", "title": f"http://127.0.0.1:{PORT}{page}",
                              "pageTimings": {"onContentLoad": -1, "onLoad": -1}}],
                   "entries": entries}}
    with open(output, "w") as file:
        json.dump(har, file, indent=2)
        file.write("\n")
    call("DELETE", f"/session/{session}")
finally:
    driver.terminate()
    driver.wait()
    server.shutdown()
