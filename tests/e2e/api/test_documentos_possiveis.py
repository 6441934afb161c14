"""Os documentos que se emitem agora (GET /processos/{id}/documentos-possiveis) e a seção
"Documentos oficiais" da página do processo, que chamam o mesmo caso de uso
(`documentos.possiveis`): o formulário "Emitir PDF" oferece só o documento cujo ato já está
registrado, e a página diz dos outros o ato que falta (ou por que a Notificação para Pagamento
não cabe: a multa paga). A emissão pedida assim mesmo continua recusada (409)."""

from __future__ import annotations

import re
from typing import Any

from farol.domain.procedimento.carregar import carregar_regime

from .conftest import Api


def _possiveis(api: Api, pid: int, como: str = "ac.cpsc") -> dict[str, dict[str, Any]]:
    r = api.get(f"/processos/{pid}/documentos-possiveis", como=como)
    assert r.status_code == 200, r.text
    return {x["tipo"]: x for x in r.json()}


def _pagina(api: Api, pid: int) -> tuple[set[str], dict[str, str]]:
    """O que a página oferece no "Emitir PDF" e o que ela diz que ainda não se emite."""
    pagina = api.cliente.get(f"/processos/{pid}").text
    oficiais = pagina[
        pagina.index('id="oficiais"') : pagina.index("</section>", pagina.index('id="oficiais"'))
    ]
    oferecidos = set(re.findall(r'<option value="([a-z_]+)">', oficiais))
    por_vir = {
        tipo: " ".join(re.sub(r"<[^>]+>", " ", texto).split())
        for tipo, texto in re.findall(r'<span id="por-vir-([a-z_]+)">(.*?)</span>', oficiais)
    }
    return oferecidos, por_vir


def _nome(tipo_ato: str) -> str:
    transicao = carregar_regime("lesta").transicao_do_tipo(tipo_ato)
    assert transicao is not None
    return transicao.nome


def test_o_auto_so_se_oferece_depois_da_lavratura_e_a_pagina_diz_o_ato_que_falta(
    api: Api,
) -> None:
    pid = api.novo_processo()
    docs = _possiveis(api, pid)
    assert docs["notificacao_comparecimento"]["disponivel"] is True
    assert docs["notificacao_comparecimento"]["motivo"] is None
    auto = docs["auto_de_infracao"]
    assert auto["disponivel"] is False
    assert auto["motivo"] == f"ainda não há neste processo “{_nome('lavratura_auto')}”"
    assert _nome("lavratura_auto") in auto["materializa"]
    assert auto["fundamento"]  # a norma da lavratura

    api.entrar_na_web("ac.cpsc")
    oferecidos, por_vir = _pagina(api, pid)
    assert oferecidos == {t for t, x in docs.items() if x["disponivel"]}
    assert set(por_vir) == {t for t, x in docs.items() if not x["disponivel"]}
    assert por_vir["auto_de_infracao"] == f"Auto de Infração: {auto['motivo']}."

    # pedido assim mesmo (um formulário antigo, a API): recusado, nada emitido
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "auto_de_infracao"})
    assert r.status_code == 409, r.text

    api.levar_ate(pid, "autuado")
    docs = _possiveis(api, pid)
    assert docs["auto_de_infracao"]["disponivel"] is True
    oferecidos, por_vir = _pagina(api, pid)
    assert "auto_de_infracao" in oferecidos and "auto_de_infracao" not in por_vir
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "auto_de_infracao"})
    assert r.status_code == 201, r.text


def test_a_notificacao_para_pagamento_sai_da_oferta_quando_a_multa_esta_paga(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "decisao_notificada")  # multa de R$ 1.000,00, prazo de pagamento aberto
    assert _possiveis(api, pid)["notificacao_pagamento"]["disponivel"] is True

    api.ato_ok(pid, "pagamento", "2026-04-20", {"valor": "1000.00", "referencia": "DARF 1"})
    pagamento = _possiveis(api, pid)["notificacao_pagamento"]
    assert pagamento["disponivel"] is False
    assert pagamento["motivo"].startswith("a multa em vigor (R$ 1.000,00) já está paga")
    api.entrar_na_web("ac.cpsc")
    oferecidos, por_vir = _pagina(api, pid)
    assert "notificacao_pagamento" not in oferecidos
    assert "já está paga" in por_vir["notificacao_pagamento"]
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "notificacao_pagamento"})
    assert r.status_code == 409 and "já está paga" in r.json()["mensagem"]


def test_quem_nao_emite_nao_ve_documento_e_fora_da_jurisdicao_e_404(api: Api) -> None:
    pid = api.novo_processo()
    assert api.get(f"/processos/{pid}/documentos-possiveis", como="consulta.cpsc").json() == []
    assert api.get(f"/processos/{pid}/documentos-possiveis", como="ac.cpsp").status_code == 404
