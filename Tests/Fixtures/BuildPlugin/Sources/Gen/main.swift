import Foundation

// Writes the source file the plugin asks for: the generated answer.
try "public let generatedAnswer = 42\n".write(toFile: CommandLine.arguments[1], atomically: true, encoding: .utf8)
