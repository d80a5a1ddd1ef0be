-- Shared by the load scripts: random node ids, JSON bodies, a fixed request rate per connection.
-- Environment: QUERIES and PRODUCTS (node counts), RATE (requests/s per connection, 0 = as fast as possible).
local queries = tonumber(os.getenv("QUERIES") or "1000")
local products = tonumber(os.getenv("PRODUCTS") or "1000")
local rate = tonumber(os.getenv("RATE") or "0")
local interval_us = rate > 0 and 1000000 / rate or 0

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
  next_send = 0
end

function random_query() return math.random(0, queries - 1) end
function random_product() return math.random(0, products - 1) end

-- wrk calls delay() before each request: wait so that each connection sends RATE requests/s.
function delay()
  if interval_us == 0 then return 0 end
  -- Poisson arrivals: exponential gaps with the configured mean.
  return math.floor(-math.log(1 - math.random()) * interval_us / 1000)
end

function json_post(path, body)
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end

-- Prints the latency distribution as one machine-readable line for run.sh.
function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT requests=%d duration_s=%.3f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f errors=%d\n",
      summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
      latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
      latency.max / 1000, errors))
end
