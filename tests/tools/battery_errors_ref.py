# Runs in the reference interpreter (../shared/oracle/refpy: Python 3.13, NumPy 2.2,
# PyTorch 2.6), driven by gen_battery_errors.py: each bad call of the battery in a
# fresh namespace built by the battery's setup; writes, for each call, the
# exception type it ended in ("" when it returned). Usage: refpy THIS CALLS OUT START
# (appends to OUT from call START on, one flushed line a call: the driver restarts
# it after a call that kills the process).
import contextlib, io, json, resource, signal, sys, warnings

calls_file, out_file, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = [json.loads(l) for l in open(calls_file, encoding="utf-8", errors="surrogateescape")]
setup = lines[0]["setup"]
exec(setup, {})  # imports once, before the limits
# A call that would allocate terabytes or run for minutes ends as stridelab's
# bounded interpreter ends it; the reference's own outcome is what is recorded
# otherwise: 16 GiB of address space, 5 s a call.
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
resource.setrlimit(resource.RLIMIT_AS, (16 << 30, hard))


class CallTimeout(Exception):
    pass


def on_alarm(signum, frame):
    raise CallTimeout()


signal.signal(signal.SIGALRM, on_alarm)
warnings.simplefilter("ignore")
with open(out_file, "a") as out:
    for rec in lines[1 + start:]:
        # A call is an assignment's right-hand side; a program is run as a file's bytes.
        kind = "call" if "call" in rec else "program"
        code = "__r = " + rec["call"] if kind == "call" else rec["program"].encode("utf-8", "surrogateescape")
        ns = {}
        exec(setup, ns)
        err = ""
        signal.setitimer(signal.ITIMER_REAL, 5.0)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, "prog.py", "exec"), ns)
        except CallTimeout:
            err = "<timeout>"
        except BaseException as e:  # SystemExit, KeyboardInterrupt from builtins too
            err = type(e).__name__
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        out.write(json.dumps({kind: rec[kind], "error": err}) + "\n")
        out.flush()
