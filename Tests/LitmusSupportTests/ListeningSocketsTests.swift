import Foundation
import Testing

@testable import LitmusSupport

@Suite("The TCP addresses a process listens on, read from /proc")
struct ListeningSocketsTests {
    @Test("A /proc/net/tcp row's address reads as IPv4 with its port")
    func ipv4() {
        #expect(ListeningSockets.address("0100007F:1F90") == "127.0.0.1:8080")
        #expect(ListeningSockets.address("00000000:0016") == "0.0.0.0:22")
    }

    @Test("A tcp6 row's address reads as IPv6, its longest run of zeros as ::")
    func ipv6() {
        #expect(ListeningSockets.address("00000000000000000000000001000000:1F90") == "[::1]:8080")
        #expect(ListeningSockets.address("00000000000000000000000000000000:0050") == "[::]:80")
        #expect(ListeningSockets.address("nonsense") == nil)
    }

    @Test("Only listening rows (state 0A) are kept, with their inodes")
    func listeningRows() {
        let table = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1 0 100 0 0 10 0
               1: 0100007F:A1B2 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 4343 1 0 20 4 30 10 -1
            """

        let rows = ListeningSockets.listening(in: table)

        #expect(rows.map(\.address) == ["127.0.0.1:8080"])
        #expect(rows.map(\.inode) == ["4242"])
    }

    #if os(Linux)
        @Test("Every listening socket is found, also those beyond the first page of /proc/net/tcp")
        func manySockets() throws {
            // Given: 120 listening sockets, about 18 KB of /proc/net/tcp rows (a read that takes the first page
            // saw 27 rows)
            let sockets = (0..<120).map { _ in Self.listeningSocket() }
            defer { sockets.forEach { close($0.socket) } }
            // When
            let found = Set(ListeningSockets.addresses(of: getpid()))
            // Then
            let missing = sockets.map { "127.0.0.1:\($0.port)" }.filter { !found.contains($0) }
            #expect(missing.isEmpty, "\(missing.count) of 120 not found")
        }

        /// A socket of this process listening on a free port of 127.0.0.1, and the port.
        static func listeningSocket() -> (socket: Int32, port: UInt16) {
            let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            _ = listen(socket, 1)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
            }
            return (socket, UInt16(bigEndian: address.sin_port))
        }

        @Test("A process listening on a port of 127.0.0.1 is found with it; one that does not, with none")
        func ownSocket() throws {
            // Given: this process listens on a free port
            let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #expect(socket >= 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            #expect(bound == 0)
            #expect(listen(socket, 1) == 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
            }
            let port = UInt16(bigEndian: address.sin_port)

            // When
            let found = ListeningSockets.addresses(of: getpid())

            // Then
            #expect(found.contains("127.0.0.1:\(port)"), "\(found)")
            #expect(ListeningSockets.addresses(of: 1 << 30).isEmpty)
        }
    #endif
}
