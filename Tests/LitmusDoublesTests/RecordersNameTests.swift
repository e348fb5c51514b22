import LitmusDoubles
import LitmusDoublesMacro
import Testing

/// Requirements named `double` and `mock` whose full names differ from the double's properties
/// (they take parameters): the double keeps `double` and the deprecated `mock` beside them.
@Mockable
protocol Scaling {
    func double(_ value: Int) -> Int
    func mock(times: Int)
}

/// Requirements that take the names of the double's own properties, instance and static: `double`
/// (its recorders) and `mock` (their deprecated alias). The requirements keep their names; the
/// recorders move to `doubleMembers`, and no alias is generated.
@Mockable
protocol Doubling {
    var double: Int { get }
    func mock() -> String
    static func double() -> Int
    static var mock: String { get }
}

/// Only `double` is taken: the deprecated `mock` is generated, renamed to `doubleMembers`.
@Mockable
protocol Twice {
    var double: Int { get }
}

@Suite("The double's recorders are in `double`, out of the way of requirements with that name")
struct RecordersNameTests {
    @Test("A method double(_:) and a method mock(times:) sit beside the double's `double` and `mock`")
    func methodsWithParameters() {
        let scaling = ScalingMock()
        scaling.double.double.stubbedResult = 4

        #expect(scaling.double(2) == 4)
        scaling.mock(times: 3)

        #expect(scaling.double.double.allArguments == [2])
        #expect(scaling.double.mockMember.allArguments == [3])
    }

    @Test("Requirements named double and mock keep their names; the recorders are in doubleMembers")
    func clashingRequirements() {
        let doubling = DoublingMock(mode: .strict)
        doubling.doubleMembers.double.stubbedResult = 4
        doubling.doubleMembers.mockMember.stubbedResult = "recorded"

        #expect(doubling.double == 4)
        #expect(doubling.mock() == "recorded")
        #expect(doubling.doubleMembers.double.callCount == 1)
        #expect(doubling.doubleMembers.mockMember.callCount == 1)
    }

    @Test("A property named double leaves the recorders in doubleMembers")
    func clashingProperty() {
        let twice = TwiceMock()
        twice.doubleMembers.double.stubbedResult = 2

        #expect(twice.double == 2)
        #expect(twice.doubleMembers.double.callCount == 1)
        // The deprecated `mock` reaches the same recorders.
        #expect((twice as any DeprecatedMockAlias).mock.double === twice.doubleMembers.double)
    }

    @Test("Static requirements named double and mock keep their names; the recorders are in Type.doubleMembers")
    func clashingStaticRequirements() {
        DoublingMock.withStaticMock(mode: .strict) {
            DoublingMock.doubleMembers.double.stubbedResult = 8
            DoublingMock.doubleMembers.mockMember.stubbedResult = "shared"

            #expect(DoublingMock.double() == 8)
            #expect(DoublingMock.mock == "shared")
            #expect(DoublingMock.doubleMembers.double.callCount == 1)
            #expect(DoublingMock.doubleMembers.mockMember.callCount == 1)
        }
    }
}

/// Reaches the deprecated `mock` alias through a protocol, so checking it does not warn.
private protocol DeprecatedMockAlias {
    var mock: TwiceMock.Members { get }
}

extension TwiceMock: DeprecatedMockAlias {}
