-- Roteiro do wrk para bench/api.py: GET autenticado num caminho, com `{id}` sorteado de uma
-- lista de ids (um por linha), e as figuras numa linha que o bench lê.
--
-- Uso: wrk -t2 -c64 -d10s --timeout 30s -s bench/wrk_processo.lua http://127.0.0.1:8000 \
--        -- TOKEN /api/v1/processos/{id} ids.txt
-- Sem TOKEN (""), o pedido vai sem Authorization; sem arquivo de ids, o caminho vai como está.

local token, caminho
local ids = {}
local cabecalhos = {}
local fios = 0

function setup(fio)
  fios = fios + 1
  fio:set("semente", fios)
end

function init(args)
  token = args[1] or ""
  caminho = args[2] or "/"
  if args[3] and args[3] ~= "" then
    for linha in io.lines(args[3]) do
      ids[#ids + 1] = linha
    end
  end
  if token ~= "" then
    cabecalhos["Authorization"] = "Bearer " .. token
  end
  math.randomseed(semente or 1)
end

function request()
  local p = caminho
  if #ids > 0 then
    p = (string.gsub(caminho, "{id}", ids[math.random(#ids)]))
  end
  return wrk.format("GET", p, cabecalhos)
end

function done(resumo, latencia, pedidos)
  local e = resumo.errors
  io.write(string.format(
    "farol: pedidos=%d duracao_us=%d p50_us=%d p99_us=%d status=%d conexao=%d leitura=%d "
      .. "escrita=%d timeout=%d\n",
    resumo.requests, resumo.duration, latencia:percentile(50), latencia:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
