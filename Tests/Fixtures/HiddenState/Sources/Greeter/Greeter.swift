import Foundation
import HiddenStateKit

/// The name greetings use.
public nonisolated(unsafe) var greetingName = "world"

/// The greeting: a global set lazily, by its first reader, from `greetingName` as it is then.
public let greeting = "Hello, \(greetingName)"

/// How strict the greeter is, from the environment.
public func mode() -> String { ProcessInfo.processInfo.environment["HIDDEN_STATE_MODE"] ?? "relaxed" }

/// The greeter's house style: set by a Swift Testing suite's trait in the tests.
public nonisolated(unsafe) var houseStyle = "plain"

/// Registers a visitor with the dependency's registry.
public func welcome(_ name: String) { Registry.register(name) }

/// The visitors welcomed so far.
public func visitors() -> [String] { Registry.names }

/// Where notes are kept: a path fixed for the whole process.
public let notePath = "/tmp/litmus-hidden-state-note-\(getpid()).txt"

/// Keeps a note.
public func keep(note: String) throws { try note.write(toFile: notePath, atomically: true, encoding: .utf8) }

/// The note kept, if any.
public func keptNote() -> String? { try? String(contentsOfFile: notePath, encoding: .utf8) }

/// Whether the current directory holds a package manifest.
public func inAPackage() -> Bool { FileManager.default.fileExists(atPath: "Package.swift") }

/// The sum of two numbers: touches nothing shared.
public func sum(_ a: Int, _ b: Int) -> Int { a + b }
