import Foundation
import LitmusSupport
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Schemata type-check", .tags(.endToEnd))
struct SchemaTypeCheckTests {
    /// Code using every operator, in the shapes real code has them.
    static let source = """
        public struct Account {
            var balance: Int
            var history: [Int] = []
            var name: String?

            mutating func deposit(_ amount: Int) {
                guard amount > 0 else { return }
                balance += amount
                history.append(amount)
            }

            func canWithdraw(_ amount: Int) -> Bool {
                return amount <= balance && !history.isEmpty || amount == 0
            }

            func label() -> String {
                let shown = name ?? "anonymous"
                return balance >= 100 ? "rich \\(shown)" : "poor \\(shown)"
            }

            func average() -> Double {
                if history.isEmpty { return 0 }
                var total = 0
                for index in 0..<history.count { total += history[index] % 1000 }
                return Double(total) / Double(history.count)
            }

            func extremes() -> (Int?, Int?) {
                (history.first, history.last)
            }

            func clamp(_ value: Int) -> Int {
                let low = min(value, 10)
                return max(low - 1, 0 * 2)
            }

            func countDown(from start: Int) -> [Int] {
                var result: [Int] = []
                var current = start
                while current > 0 {
                    result.append(current)
                    current -= 1
                }
                repeat { current += 1 } while current < 2
                for step in 1...3 where step != 2 { result.append(step) }
                return result
            }

            var isEmpty: Bool { return history.count == 0 }

            func isDash(_ character: Character) -> Bool {
                character == "-"
            }

            @inlinable public func isLarge(_ amount: Int) -> Bool {
                amount > 1000
            }

            func isOpen(closed: Bool) -> Bool {
                if closed { return false }
                return true
            }
        }
        """

    @Test("Every mutant of a file with all operators compiles in one schema (swiftc -typecheck)")
    func allOperators() async throws {
        // Given
        let found = MutationSource(path: "Account.swift", text: Self.source).mutants()
        let sut = Schema(source: Self.source, mutants: found, fileNumber: 1)

        // When
        let result = try await typeCheck(sut.text)

        // Then
        #expect(Set(MutationOperator.allCases).subtracting(found.map(\.mutationOperator)) == [])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("A mutant the compiler rejects is blamed from its error, and the schema without it compiles")
    func rejectedMutant() async throws {
        // Given: `+` on two strings has no `-`.
        let source = "func greet(a: String, b: String) -> String {\n    let c = a + b\n    return c\n}"
        let found = MutationSource(path: "Greet.swift", text: source).mutants()
        let sut = Schema(source: source, mutants: found, fileNumber: 1)
        let first = try await typeCheck(sut.text)
        let errors = CompilerErrors.parse(first.output, file: "schema.swift")
        let blamed = errors.reduce(into: Set<Int>()) {
            $0.formUnion(sut.mutants(blamedFor: $1.line, column: $1.column))
        }

        // When
        let repaired = try await typeCheck(
            Schema(source: source, mutants: found, fileNumber: 1, excluding: blamed).text)

        // Then
        #expect(first.status != 0)
        #expect(found.filter { blamed.contains($0.id) }.map(\.replacement) == ["-"])
        #expect(repaired.status == 0, "\(repaired.output)")
    }

    /// Awaited, not waited for: swiftc takes seconds, and a blocked cooperative thread stalls other tests.
    private func typeCheck(_ schema: String) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try schema.write(to: folder.appendingPathComponent("schema.swift"), atomically: true, encoding: .utf8)
        try Schema.supportFile(mutantCount: 200).write(
            to: folder.appendingPathComponent(Schema.supportFileName), atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Fixture", "schema.swift",
                Schema.supportFileName,
            ], in: folder, outputFile: folder.appendingPathComponent("swiftc-output.txt"), timeout: 300)
        return (result.status, result.output)
    }
}
