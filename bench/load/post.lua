-- One kind of request for wrk: POST the JSON body of a file, count the
-- statuses, wait a second after a 503 (its Retry-After: 1) as a polite
-- client does, and print one summary line at the end.
-- Arguments (after wrk's `--`): NAME BODY_FILE [PACE_MS]: with PACE_MS,
-- each connection waits that long after every answer (a paced client:
-- the offered rate is connections / PACE_MS).

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  name = args[1]
  local file = assert(io.open(args[2], "rb"))
  wrk.body = file:read("*a")
  file:close()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  pace = tonumber(args[3] or "0")
  statuses = {}
  pause = 0
end

function delay()
  local wait = pause
  pause = 0
  return math.max(wait, pace)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status == 503 then
    pause = 1000
  end
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + n
    end
  end
  local keys = {}
  for status in pairs(counts) do
    table.insert(keys, status)
  end
  table.sort(keys)
  local parts = {}
  for _, status in ipairs(keys) do
    table.insert(parts, string.format("%d x%d", status, counts[status]))
  end
  local e = summary.errors
  io.write(string.format(
    "%-8s %8d requests %9.1f/s   p50 %8.2f ms   p99 %8.2f ms   max %8.2f ms   statuses: %s   socket errors: %d\n",
    threads[1]:get("name"),
    summary.requests,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    latency.max / 1000,
    table.concat(parts, ", "),
    e.connect + e.read + e.write + e.timeout))
end
