"""A versão dos dados das medidas: o hash dos arquivos normativos de que dependem.

O telefone calcula as medidas sem sinal com os dados exportados em
`GET /api/v1/medidas/dados.json` (`farol.web.rotas.offline`), que levam esta versão; a
inspeção enviada depois diz com que versão foi decidida, e o servidor, que decide de novo,
anota quando a sua versão é outra (`farol.services.inspecoes.diferencas_sem_sinal`).
"""

from __future__ import annotations

import hashlib

from farol.normas.citacao import DADOS

# os arquivos de dados normativos de que a exportação depende (a versão é o hash deles)
ARQUIVOS = ("medidas.yaml", "normas.yaml", "infracoes.yaml")


def versao_dos_dados() -> str:
    h = hashlib.sha256()
    for nome in ARQUIVOS:
        h.update(nome.encode())
        h.update((DADOS / nome).read_bytes())
    return h.hexdigest()[:16]
