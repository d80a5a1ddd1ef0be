dofile(os.getenv("LUA_DIR") .. "/common.lua")
local deployment = os.getenv("DEPLOYMENT") or "recommendations"
request = function()
  return json_post("/api/v1/deployments/" .. deployment .. "/embeddings",
      string.format('{"nodeType":"product","ids":[%d]}', random_product()))
end
