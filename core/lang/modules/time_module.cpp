// time_module: `time` -- time() and time_ns() read the wall clock (seconds since
// 1970-01-01 UTC); perf_counter and monotonic one steady clock, so differences
// are elapsed seconds; sleep returns at once (the engine runs inside one call
// from the page and never blocks). The session's local time zone is UTC (a
// browser session has none of its own), so localtime is gmtime and mktime its
// inverse. struct_time is a named tuple of CPython's nine visible fields;
// strftime hands the fields to the C library's strftime, as CPython's
// time_strftime does (which is why datetime's strftime calls it). The
// clock_* functions take Linux's clock ids; only CLOCK_REALTIME is the wall
// clock, and no clock can be set.
//
// Civil dates, as math (gmtime/mktime): with z = days since 1970-01-01 and
// eras of 400 years (146097 days) starting 0000-03-01, doe = day of era,
// yoe = (doe - doe/1460 + doe/36524 - doe/146096) / 365, the day of year from
// March doy = doe - (365 yoe + yoe/4 - yoe/100), month mp = (5 doy + 2)/153
// (March = 0), day = doy - (153 mp + 2)/5 + 1 (the 30.6-day month rule); the
// inverse runs the same steps backwards.
#include <chrono>
#include <cmath>
#include <ctime>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/classes.hpp"

namespace sl::lang {

namespace {

struct Civil {
  int64_t year;
  int month, day;
};

Civil civil_from_days(int64_t z) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int d = int(doy - (153 * mp + 2) / 5 + 1);
  const int m = int(mp < 10 ? mp + 3 : mp - 9);
  return {yoe + era * 400 + (m <= 2), m, d};
}

int64_t days_from_civil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

Value struct_time_type(Interp& in) { return in.modules.at("time")->attrs.at("struct_time"); }

Value make_struct_time(Interp& in, int64_t secs) {
  int64_t days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
  int64_t rem = secs - days * 86400;
  Civil c = civil_from_days(days);
  const int64_t yday = days - days_from_civil(c.year, 1, 1) + 1;
  const int64_t wday = ((days % 7) + 7 + 3) % 7;  // 1970-01-01 was a Thursday (Monday = 0)
  std::vector<Value> f = {Value::integer(c.year), Value::integer(c.month),     Value::integer(c.day),
                          Value::integer(rem / 3600), Value::integer(rem / 60 % 60), Value::integer(rem % 60),
                          Value::integer(wday),    Value::integer(yday),       Value::integer(0)};
  return in.call(struct_time_type(in), std::vector<Value>{make_tuple(std::move(f))});
}

double wall_seconds() {
  using namespace std::chrono;
  return double(duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count()) / 1e9;
}

Value time_now(Interp&, Args&) { return Value::floating(wall_seconds()); }
Value time_now_ns(Interp&, Args&) {
  using namespace std::chrono;
  return Value::integer(duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count());
}
Value steady_now(Interp&, Args&) {
  using namespace std::chrono;
  return Value::floating(duration<double>(steady_clock::now().time_since_epoch()).count());
}
Value steady_now_ns(Interp&, Args&) {
  using namespace std::chrono;
  return Value::integer(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count());
}
Value time_sleep(Interp& in, Args& a) {
  Value s = a.required(0, "secs");
  a.finish(1);
  if (in.float_value(s) < 0) in.raise_exc("ValueError", "sleep length must be non-negative");
  return Value();
}

// secs=None: now; a float is floored to whole seconds (CPython's _PyTime_ROUND_FLOOR).
Value time_gmtime(Interp& in, Args& a) {
  Value s = a.optional(0, "secs");
  a.finish(1);
  double t = s.is_none() ? wall_seconds() : in.float_value(s);
  if (std::isnan(t)) in.raise_exc("ValueError", "Invalid value NaN (not a number)");
  if (!(std::fabs(t) < 9.2e18)) in.raise_exc("OverflowError", "timestamp out of range for platform time_t");
  if (s.tag() == Tag::Int) return make_struct_time(in, s.as_int());
  return make_struct_time(in, int64_t(std::floor(t)));
}

// The nine fields of a struct_time or 9-tuple, range-checked as CPython's gettmarg/checktm.
std::vector<int64_t> tm_fields(Interp& in, const Value& t, const char* fname) {
  auto* tup = t.as<TupleObj>();
  if (!tup) in.raise_exc("TypeError", std::string(fname) + "() argument 1 must be tuple, not " + in.type_name(t));
  if (tup->items.size() != 9)
    in.raise_exc("TypeError", std::string(fname) + "(): illegal time tuple argument");
  std::vector<int64_t> f;
  for (const Value& v : tup->items) f.push_back(in.index_value(v));
  return f;
}

Value time_mktime(Interp& in, Args& a) {
  Value t = a.required(0, "t");
  a.finish(1);
  std::vector<int64_t> f = tm_fields(in, t, "mktime");
  int64_t days = days_from_civil(f[0], 1, 1);
  // months and days out of range carry over, as C's mktime normalises them
  int64_t y = f[0] + (f[1] - 1 >= 0 ? (f[1] - 1) / 12 : -((11 - (f[1] - 1)) / 12));
  int64_t m = ((f[1] - 1) % 12 + 12) % 12 + 1;
  days = days_from_civil(y, m, 1) + f[2] - 1;
  return Value::floating(double(days * 86400 + f[3] * 3600 + f[4] * 60 + f[5]));
}

void check_tm(Interp& in, std::vector<int64_t>& f, std::tm& tm) {
  if (f[1] == 0) f[1] = 1;
  if (f[2] == 0) f[2] = 1;
  if (f[7] == 0) f[7] = 1;
  if (f[1] < 1 || f[1] > 12) in.raise_exc("ValueError", "month out of range");
  if (f[2] < 1 || f[2] > 31) in.raise_exc("ValueError", "day of month out of range");
  if (f[3] < 0 || f[3] > 23) in.raise_exc("ValueError", "hour out of range");
  if (f[4] < 0 || f[4] > 59) in.raise_exc("ValueError", "minute out of range");
  if (f[5] < 0 || f[5] > 61) in.raise_exc("ValueError", "seconds out of range");
  if (f[6] < 0) in.raise_exc("ValueError", "day of week out of range");
  if (f[7] < 1 || f[7] > 366) in.raise_exc("ValueError", "day of year out of range");
  if (f[8] < -1) f[8] = -1;
  if (f[8] > 1) f[8] = 1;
  tm = std::tm{};
  tm.tm_year = int(f[0] - 1900);
  tm.tm_mon = int(f[1] - 1);
  tm.tm_mday = int(f[2]);
  tm.tm_hour = int(f[3]);
  tm.tm_min = int(f[4]);
  tm.tm_sec = int(f[5]);
  tm.tm_wday = int((f[6] + 1) % 7);  // Python's Monday = 0, C's Sunday = 0
  tm.tm_yday = int(f[7] - 1);
  tm.tm_isdst = int(f[8]);
#if defined(__GLIBC__)
  tm.tm_gmtoff = 0;
  tm.tm_zone = "UTC";
#elif defined(__EMSCRIPTEN__)
  tm.__tm_gmtoff = 0;  // musl's names (tm_gmtoff/tm_zone are macros for them only under _GNU_SOURCE)
  tm.__tm_zone = "UTC";
#endif
}

Value time_strftime(Interp& in, Args& a) {
  Value fmt = a.required(0, "format");
  Value t = a.optional(1, "tuple");
  a.finish(2);
  auto* fs = fmt.as<StrObj>();
  if (!fs) in.raise_exc("TypeError", "strftime() argument 1 must be str, not " + in.type_name(fmt));
  Value tt = t;
  if (t.is_none()) {
    Args none;
    tt = time_gmtime(in, none);
  } else if (!t.as<TupleObj>()) {
    in.raise_exc("TypeError", "Tuple or struct_time argument required");
  }
  std::vector<int64_t> f = tm_fields(in, tt, "strftime");
  std::tm tm;
  check_tm(in, f, tm);
  if (fs->s.empty()) return make_str("");
  // a leading byte keeps a result of zero length apart from "the buffer was too small"
  const std::string format = "\x01" + fs->s;
  for (size_t cap = 1024;; cap *= 2) {
    std::string buf(cap, '\0');
    size_t n = std::strftime(buf.data(), cap, format.c_str(), &tm);
    if (n > 0) return make_str(buf.substr(1, n - 1));
    if (cap > 256 * format.size() + 4096) in.raise_exc("ValueError", "strftime result is too long");
  }
}

const char* const kDays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// 'Fri Jan  5 12:30:00 2024', as CPython's _asctime writes it (not the C library's).
std::string asctime_of(Interp& in, std::vector<int64_t> f) {
  std::tm tm;
  check_tm(in, f, tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s %s%3d %.2d:%.2d:%.2d %lld", kDays[f[6] % 7], kMonths[f[1] - 1], int(f[2]),
                int(f[3]), int(f[4]), int(f[5]), static_cast<long long>(f[0]));
  return buf;
}

Value time_asctime(Interp& in, Args& a) {
  Value t = a.optional(0, "t");
  a.finish(1);
  if (t.is_none()) {
    Args none;
    t = time_gmtime(in, none);
  }
  return make_str(asctime_of(in, tm_fields(in, t, "asctime")));
}

Value time_ctime(Interp& in, Args& a) {
  Value t = time_gmtime(in, a);
  return make_str(asctime_of(in, tm_fields(in, t, "ctime")));
}

Value time_strptime(Interp& in, Args& a) {
  Value s = a.required(0, "string");
  Value fmt = a.optional(1, "format", make_str("%a %b %d %H:%M:%S %Y"));
  a.finish(2);
  // CPython's time.strptime is Lib/_strptime.py's; here it is datetime's parser.
  Value dt = in.call(in.getattr(in.getattr(in.import("datetime"), "datetime"), "strptime"),
                     std::vector<Value>{s, fmt});
  return in.call(in.getattr(dt, "timetuple"), std::vector<Value>{});
}

// The clocks by id (Linux's numbering): CLOCK_REALTIME is the wall clock, every other the steady one.
const int kClockIds[] = {0, 1, 2, 3, 4, 7, 11};
bool valid_clock(int64_t id) {
  for (int c : kClockIds)
    if (c == id) return true;
  return false;
}
int64_t clock_arg(Interp& in, Args& a, size_t n) {
  Value id = a.required(0, "clk_id");
  a.finish(n);
  int64_t c = in.index_value(id);
  if (!valid_clock(c)) raise_os_error(in, 22);
  return c;
}
Value time_clock_gettime(Interp& in, Args& a) {
  Args none;
  return clock_arg(in, a, 1) == 0 ? time_now(in, none) : steady_now(in, none);
}
Value time_clock_gettime_ns(Interp& in, Args& a) {
  Args none;
  return clock_arg(in, a, 1) == 0 ? time_now_ns(in, none) : steady_now_ns(in, none);
}
Value time_clock_getres(Interp& in, Args& a) {
  clock_arg(in, a, 1);
  return Value::floating(1e-09);
}
// A session cannot set the host's clocks; the reference's kernel refuses with EINVAL.
Value time_clock_settime(Interp& in, Args& a) {
  a.required(1, "time");
  clock_arg(in, a, 2);
  raise_os_error(in, 22);
}
Value time_tzset(Interp&, Args& a) {
  a.finish(0);
  return Value();  // the session's zone is always UTC
}
// get_clock_info(name): what each clock is, as CPython reports it on Linux.
Value time_get_clock_info(Interp& in, Args& a) {
  Value n = a.required(0, "name");
  a.finish(1);
  auto* s = n.as<StrObj>();
  if (!s) in.raise_exc("TypeError", "get_clock_info() argument 1 must be str, not " + in.type_name(n));
  const std::string& name = s->s;
  const char* impl = name == "time" ? "CLOCK_REALTIME" : name == "monotonic" || name == "perf_counter" ? "CLOCK_MONOTONIC"
                   : name == "process_time" ? "CLOCK_PROCESS_CPUTIME_ID" : name == "thread_time" ? "CLOCK_THREAD_CPUTIME_ID" : nullptr;
  if (!impl) in.raise_exc("ValueError", "unknown clock");
  Args kw;
  kw.kw = {{"implementation", make_str(std::string("clock_gettime(") + impl + ")")},
           {"monotonic", Value::boolean(name != "time")},
           {"adjustable", Value::boolean(name == "time")},
           {"resolution", Value::floating(1e-09)}};
  return in.call(in.getattr(in.import("types"), "SimpleNamespace"), kw);
}

const ModuleFnDef kTime[] = {
    {"clock_gettime", time_clock_gettime}, {"clock_gettime_ns", time_clock_gettime_ns},
    {"clock_getres", time_clock_getres},   {"clock_settime", time_clock_settime},
    {"clock_settime_ns", time_clock_settime}, {"tzset", time_tzset}, {"get_clock_info", time_get_clock_info},
    {"time", time_now},          {"time_ns", time_now_ns},     {"perf_counter", steady_now},
    {"perf_counter_ns", steady_now_ns}, {"monotonic", steady_now}, {"monotonic_ns", steady_now_ns},
    {"process_time", steady_now}, {"process_time_ns", steady_now_ns}, {"thread_time", steady_now},
    {"thread_time_ns", steady_now_ns}, {"sleep", time_sleep},  {"gmtime", time_gmtime},
    {"localtime", time_gmtime},  {"mktime", time_mktime},      {"strftime", time_strftime},
    {"asctime", time_asctime},   {"ctime", time_ctime},        {"strptime", time_strptime},
};

}  // namespace

void install_time_module(Interp& in) {
  ModuleObj& m = new_module(in, "time");
  def_functions(in, m, kTime);
  std::vector<Value> names;
  for (const char* f : {"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst"})
    names.push_back(make_str(f));
  Value st = in.call(in.modules.at("collections")->attrs.at("namedtuple"),
                     std::vector<Value>{make_str("struct_time"), make_list(names)});
  TypeObj* ty = st.as<TypeObj>();
  ty->module = "builtins";
  ty->name = "time.struct_time";  // CPython's repr: time.struct_time(tm_year=2024, ...)
  // struct_time(seq) takes one 9-sequence, as a structseq does
  NativeFn make = ty->call;
  ty->call = [make](Interp& in, Args& a) -> Value {
    Value seq = a.required(0, "sequence");
    a.finish(1);
    std::vector<Value> items = in.to_vector(seq);
    if (items.size() < 9)
      in.raise_exc("TypeError", "time.struct_time() takes an at least 9-sequence (" + std::to_string(items.size()) +
                                    "-sequence given)");
    Args inner;
    inner.pos = std::move(items);
    return make(in, inner);
  };
  m.attrs["struct_time"] = st;
  const char* const clock_names[] = {"CLOCK_REALTIME", "CLOCK_MONOTONIC", "CLOCK_PROCESS_CPUTIME_ID", "CLOCK_THREAD_CPUTIME_ID",
                                     "CLOCK_MONOTONIC_RAW", "CLOCK_BOOTTIME", "CLOCK_TAI"};
  for (size_t i = 0; i < 7; ++i) m.attrs[clock_names[i]] = Value::integer(kClockIds[i]);
  m.attrs["timezone"] = Value::integer(0);
  m.attrs["altzone"] = Value::integer(0);
  m.attrs["daylight"] = Value::integer(0);
  m.attrs["tzname"] = make_tuple({make_str("UTC"), make_str("UTC")});
}

}  // namespace sl::lang
