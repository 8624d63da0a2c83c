-- pssr-bench: wrk script that checks every response and reports the level as one JSON line.
-- Arguments (after --): expected body length in bytes, the closing tag the body must end with ("" for
-- none), optionally the tolerance in bytes the length may differ by (default 0), and optionally the
-- measured window's ends in epoch milliseconds (a long page: wrk starts a lead earlier and holds its
-- connections past the end; only responses completed inside the window are counted and checked).
-- A response counts as a content failure unless it is status 200, that many bytes within the tolerance
-- (the body wrk hands us is already de-chunked) and ends with the tag (trailing whitespace allowed). Non-200 answers count as status
-- failures. Socket errors (connect, read, write, timeout) come from wrk's own summary.

local threads = {}

-- the wall clock in epoch milliseconds (LuaJIT's FFI: os.time() counts whole seconds)
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } pssr_timespec;
  int clock_gettime(int clock, pssr_timespec *tp);
]]
local timespec = ffi.new("pssr_timespec")
local function now_ms()
  ffi.C.clock_gettime(0, timespec)
  return tonumber(timespec.tv_sec) * 1000 + tonumber(timespec.tv_nsec) / 1e6
end

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  expected_length = tonumber(args[1])
  closing_tag = args[2] or "</html>"
  tolerance = tonumber(args[3] or "0")
  window_from = tonumber(args[4] or "-1")
  window_to = tonumber(args[5] or "-1")
  checked, bad_status, bad_content = 0, 0, 0
end

function response(status, headers, body)
  if window_from >= 0 then
    local t = now_ms()
    if t < window_from or t > window_to then return end
  end
  checked = checked + 1
  if status ~= 200 then
    bad_status = bad_status + 1
  elseif math.abs(#body - expected_length) > tolerance or not body:sub(-(#closing_tag + 8)):find(closing_tag, 1, true) then
    bad_content = bad_content + 1
  end
end

-- utime + stime of this wrk process (all its threads), in clock ticks, from /proc/self/stat.
local function cpu_ticks()
  local f = io.open("/proc/self/stat", "r")
  if not f then return -1 end
  local stat = f:read("*a")
  f:close()
  local rest = stat:match("%) (.*)")
  local fields = {}
  for v in rest:gmatch("%S+") do fields[#fields + 1] = v end
  -- after the command name: field 3 is the state, so utime (field 14) and stime (15) are at 12 and 13
  return tonumber(fields[12]) + tonumber(fields[13])
end

function done(summary, latency, requests)
  local c, s, b = 0, 0, 0
  for _, t in ipairs(threads) do
    c = c + t:get("checked")
    s = s + t:get("bad_status")
    b = b + t:get("bad_content")
  end
  -- the whole latency histogram (microseconds) as value:count pairs, to rebuild it exactly
  local pairs_ = {}
  for i = 1, #latency do
    local value, count = latency(i)
    pairs_[#pairs_ + 1] = string.format("%d:%d", value, count)
  end
  local e = summary.errors
  -- done() runs in wrk's main Lua state; init() ran in each thread's, so the window is read from a thread
  local windowed = #threads > 0 and (threads[1]:get("window_from") or -1) >= 0
  io.write(string.format(
    'PSSR-RESULT {"durationUs":%d,"requests":%d,"bytes":%d,"checked":%d,"badStatus":%d,"badContent":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"cpuTicks":%d,%s"latencyUs":"%s"}\n',
    summary.duration, summary.requests, summary.bytes, c, s, b,
    e.connect, e.read, e.write, e.status, e.timeout, cpu_ticks(), windowed and '"windowed":1,' or "",
    table.concat(pairs_, " ")))
end
