import Foundation
import Testing

@testable import ExamplesWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Tag {
    /// Tests that start a real server (sockets): still fast, but not pure.
    @Tag static var endToEnd: Self
}

@Suite("A started examples server", .tags(.endToEnd))
struct ServerLifetimeTests {
    @Test("Stopping it while a browser is connecting neither traps nor hangs, and closes the port")
    func stopWhileConnecting() async throws {
        // A connection accepted but not yet served when the server stops is the case that traps a
        // hummingbird server whose task is cancelled; 50 rounds of 4 connections make it
        // likely at least once.
        for _ in 0..<50 {
            let server = try await ExamplesServer().start()
            let port = try #require(server.url.port)
            let connections = (0..<4).compactMap { _ in connect(toPort: port) }
            #expect(connections.count == 4, "port \(port) refused connections")
            await server.stop()
            connections.forEach { close($0) }
            #expect(connect(toPort: port).map { close($0) } == nil, "port \(port) still accepts connections")
        }
    }
}

/// A TCP socket connected to 127.0.0.1:`port`, or nil when the connection is refused.
private func connect(toPort port: Int) -> Int32? {
    #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
    guard connected else {
        close(fd)
        return nil
    }
    return fd
}
