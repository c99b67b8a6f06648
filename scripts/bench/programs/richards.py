# Richards: Martin Richards' simulation of an operating system's task
# scheduler (an idle task, a worker, two handlers and two devices passing
# packets; each step runs the runnable task of highest priority), the
# object-and-branch workload of pyperformance's bm_richards. Written here from
# the algorithm's description; the counts it must reach for 10,000 idle steps
# (23,246 packets queued, 9,297 holds) are the benchmark's published check.
IDLE, WORKER, HANDLER_A, HANDLER_B, DEVICE_A, DEVICE_B = 1, 2, 3, 4, 5, 6
KIND_DEVICE, KIND_WORK = 0, 1
BUFSIZE = 4


class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFSIZE


def append(packet, queue):
    packet.link = None
    if queue is None:
        return packet
    tail = queue
    while tail.link is not None:
        tail = tail.link
    tail.link = packet
    return queue


class System:
    def __init__(self):
        self.tasks = [None] * 7
        self.first = None
        self.queued = 0
        self.holds = 0


class Task:
    def __init__(self, system, ident, priority, queue, waiting):
        self.system = system
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.pending = queue is not None
        self.waiting = waiting
        self.held = False
        self.link = system.first
        system.first = self
        system.tasks[ident] = self

    def blocked(self):
        return self.held or (self.waiting and not self.pending)

    def step(self):
        packet = None
        if self.pending and self.waiting and not self.held:
            packet = self.queue
            self.queue = packet.link
            self.pending = self.queue is not None
            self.waiting = False
        return self.run(packet)

    def wait(self):
        self.waiting = True
        return self

    def hold(self):
        self.system.holds += 1
        self.held = True
        return self.link

    def release(self, ident):
        other = self.system.tasks[ident]
        other.held = False
        return other if other.priority > self.priority else self

    def send(self, packet):
        target = self.system.tasks[packet.ident]
        self.system.queued += 1
        packet.link = None
        packet.ident = self.ident
        if target.queue is None:
            target.queue = packet
            target.pending = True
            if target.priority > self.priority:
                return target
        else:
            append(packet, target.queue)
        return self


class IdleTask(Task):
    def __init__(self, system, count):
        Task.__init__(self, system, IDLE, 1, None, False)
        self.control = 1
        self.count = count

    def run(self, packet):
        self.count -= 1
        if self.count == 0:
            return self.hold()
        if self.control & 1 == 0:
            self.control //= 2
            return self.release(DEVICE_A)
        self.control = (self.control // 2) ^ 0xD008
        return self.release(DEVICE_B)


class WorkerTask(Task):
    def __init__(self, system, queue):
        Task.__init__(self, system, WORKER, 1000, queue, True)
        self.destination = HANDLER_A
        self.letter = 0

    def run(self, packet):
        if packet is None:
            return self.wait()
        self.destination = HANDLER_B if self.destination == HANDLER_A else HANDLER_A
        packet.ident = self.destination
        packet.datum = 0
        for i in range(BUFSIZE):
            self.letter = self.letter + 1 if self.letter < 26 else 1
            packet.data[i] = 64 + self.letter
        return self.send(packet)


class HandlerTask(Task):
    def __init__(self, system, ident, priority, queue):
        Task.__init__(self, system, ident, priority, queue, True)
        self.work = None
        self.devices = None

    def run(self, packet):
        if packet is not None:
            if packet.kind == KIND_WORK:
                self.work = append(packet, self.work)
            else:
                self.devices = append(packet, self.devices)
        work = self.work
        if work is None:
            return self.wait()
        n = work.datum
        if n >= BUFSIZE:
            self.work = work.link
            return self.send(work)
        device = self.devices
        if device is None:
            return self.wait()
        self.devices = device.link
        device.datum = work.data[n]
        work.datum = n + 1
        return self.send(device)


class DeviceTask(Task):
    def __init__(self, system, ident, priority):
        Task.__init__(self, system, ident, priority, None, True)
        self.holding = None

    def run(self, packet):
        if packet is None:
            packet = self.holding
            if packet is None:
                return self.wait()
            self.holding = None
            return self.send(packet)
        self.holding = packet
        return self.hold()


def simulate(count):
    system = System()
    IdleTask(system, count)
    work = Packet(Packet(None, 0, KIND_WORK), 0, KIND_WORK)
    WorkerTask(system, work)
    for ident, priority, device in ((HANDLER_A, 2000, DEVICE_A), (HANDLER_B, 3000, DEVICE_B)):
        queue = None
        for _ in range(3):
            queue = Packet(queue, device, KIND_DEVICE)
        HandlerTask(system, ident, priority, queue)
    DeviceTask(system, DEVICE_A, 4000)
    DeviceTask(system, DEVICE_B, 5000)
    task = system.first
    while task is not None:
        task = task.link if task.blocked() else task.step()
    return system.queued, system.holds


def bench():
    return '%d %d' % simulate(10000)
