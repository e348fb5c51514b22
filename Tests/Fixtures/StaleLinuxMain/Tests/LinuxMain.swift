import StaleTests
import XCTest

// The list XCTest's manifest generator once wrote into XCTestManifests.swift, long deleted.
var tests = [XCTestCaseEntry]()
tests += StaleTests.__allTests()

XCTMain(tests)
