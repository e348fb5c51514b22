import Foundation
import Testing

@testable import LitmusDoubles

@Suite(
    "The order of calls across doubles: an epoch per thread, counted within it, a new one when another thread took one")
struct CallOrderTests {
    @Test("One thread counts on within its epoch: its numbers follow each other")
    func oneThreadCounts() {
        let order = CallOrder()
        var thread = CallingThread()

        let first = number(order, &thread)
        let second = number(order, &thread)

        #expect(second == first + 1)
        #expect(order.epochs.pointee.load(ordering: .relaxed) == 1)
    }

    @Test(
        "A thread whose epoch another thread has passed takes a newer one: its next number is larger than the other's")
    func anotherThreadBetween() {
        let order = CallOrder()
        var one = CallingThread()
        var other = CallingThread()

        let before = number(order, &one)
        let between = number(order, &other)
        let after = number(order, &one)

        #expect(before < between)
        #expect(between < after)
        #expect(order.epochs.pointee.load(ordering: .relaxed) == 3)
    }

    @Test(
        "A thread counts up to the count's last value, then takes a new epoch rather than running into the epoch's bits"
    )
    func fullCount() {
        let order = CallOrder()
        var thread = CallingThread()
        let first = number(order, &thread)
        thread.count = CallOrder.countLimit - 1

        let last = number(order, &thread)
        let next = number(order, &thread)

        #expect(CallOrder.countLimit < 1 << CallOrder.countBits)
        #expect(last == first | CallOrder.countLimit)
        #expect(next == 2 << CallOrder.countBits)
        #expect(thread.count == 0)
    }

    @Test("Calls on threads that hand over to each other are numbered in the order they happened")
    func threadsHandingOver() {
        let context = DoubleContext(typeName: "RelayMock", mode: .relaxed)
        let ping = Member<Int, Void>("ping(_:)", of: context)
        let pong = Member<Int, Void>("pong(_:)", of: context)
        let turn = (ping: DispatchSemaphore(value: 0), pong: DispatchSemaphore(value: 0))
        let other = Thread {
            for round in 0..<3 {
                turn.pong.wait()
                pong.call(round)
                turn.ping.signal()
            }
        }
        other.start()

        for round in 0..<3 {
            ping.call(round)
            turn.pong.signal()
            turn.ping.wait()
        }

        let numbers = zip(ping.callSequenceNumbers, pong.callSequenceNumbers).flatMap { [$0, $1] }
        #expect(numbers.count == 6)
        #expect(numbers == numbers.sorted())
        #expect(Set(numbers).count == 6)
    }

    /// The number `order` gives the call `thread` records.
    private func number(_ order: CallOrder, _ thread: inout CallingThread) -> UInt64 {
        withUnsafeMutablePointer(to: &thread) { order.number(for: $0) }
    }
}
