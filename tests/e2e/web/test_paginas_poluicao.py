"""O procedimento ambiental pelas páginas (TestClient): o auto aberto em /procedimentos/novo,
o LTA e a decisão que valora a multa registrados pelos formulários da página do processo, com os
parâmetros mostrados na linha do tempo; a retenção CLC-69 e a sua liberação pela caução. A
mesma lógica dos serviços que a API usa (tests/e2e/api/test_poluicao.py)."""

from __future__ import annotations

import re
import uuid
from typing import Any

from fastapi.testclient import TestClient

from .test_paginas import csrf_de, entrar


def _abrir(cliente: TestClient, **extra: str) -> tuple[str, str]:
    r = cliente.get("/procedimentos/novo")
    assert r.status_code == 200
    assert "Procedimento administrativo ambiental do Auto de Infração por poluição" in r.text
    dados = {
        "csrf": csrf_de(r.text),
        "chave": str(uuid.uuid4()),
        "regime": "poluicao",
        "investigado.documento": "11.222.333/0001-81",
        "investigado.nome": "Navegação Atlântica Ltda.",
        "data_fato": "2026-02-27",
        "data_ato": "2026-03-02",
        "dados.texto": "campo da apuração, ignorado no auto",
        "dados.descricao": "Mancha de óleo de 300 m a partir do costado, visível do cais.",
        "dados.local": "Porto de Itajaí, berço 4",
        "dados.substancia": "óleo combustível marítimo",
        "dados.volume_estimado_litros": "1.200,5",
        "embarcacao.inscricao": "4010099999",
        "embarcacao.nome": "NT Itajaí",
        **extra,
    }
    r = cliente.post("/procedimentos", data=dados)
    assert r.status_code == 303, r.text
    return r.headers["location"].split("?")[0], dados["csrf"]


def _ato(cliente: TestClient, url: str, tipo: str, campos: dict[str, Any]) -> Any:
    pagina = cliente.get(url).text
    versao = re.search(r'name="versao" value="(\d+)"', pagina)
    assert versao, pagina
    dados = {"csrf": csrf_de(pagina), "chave": str(uuid.uuid4()), "versao": versao.group(1)}
    return cliente.post(f"{url}/atos/{tipo}", data={**dados, **campos})


def test_auto_de_poluicao_aberto_pela_pagina_e_o_lta_pelo_formulario(cliente: TestClient) -> None:
    entrar(cliente, "autoridade.cpsc")
    url, _ = _abrir(cliente)
    pagina = cliente.get(url).text
    # a descrição digitada, o enquadramento e o volume em formato brasileiro
    assert "Mancha de óleo de 300 m a partir do costado" in pagina
    assert "NORMAM-401/DPC item 1.5.2" in pagina
    assert "1.200,5 L" in pagina
    assert "Ciência da autuação" in pagina
    # o indicador de etapas de um auto de 2026 (NORMAM-401): o recurso ao DPC é a última
    # instância; o recurso ao DGN da NORMAM-07 não aparece como etapa a seguir
    indicador = pagina[
        pagina.index('id="etapas"') : pagina.index("</nav>", pagina.index('id="etapas"'))
    ]
    assert "Recurso ao DPC interposto" in indicador
    assert "DGN" not in indicador and "Decisão definitiva comunicada" not in indicador
    # os documentos oferecidos são os do regime (e os da custódia), não os da LESTA
    assert 'value="auto_de_infracao_poluicao"' in pagina
    assert 'value="notificacao_comparecimento"' not in pagina

    r = _ato(cliente, url, "ciencia_auto", {"data_ato": "2026-03-02", "dados.meio": "pessoal"})
    assert r.status_code == 303, r.text
    r = _ato(cliente, url, "defesa", {"data_ato": "2026-03-10", "dados.texto": "Defesa."})
    assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    # o formulário do LTA pergunta os parâmetros com as opções dos dados da norma
    assert 'name="dados.acao_resposta.tempo_resposta"' in pagina
    assert "5 — impacto ambiental gravíssimo" in pagina
    laudo = {
        "data_ato": "2026-04-15",
        "dados.numero": "LTA-077/2026",
        "dados.elaborado_em": "2026-04-14",
        "dados.signatario": "CF (T) Ana Ribeiro",
        "dados.volume_litros": "1.200,50",
        "dados.persistencia_grupo": "3",
        "dados.sensibilidade": "ISL 10 (manguezal)",
        "dados.acao_resposta.tempo_resposta": "1",
        "dados.acao_resposta.material": "2",
        "dados.nivel_impacto": "3",
    }
    # falta um quesito da ação de resposta: a página volta com o erro, nada é gravado
    r = _ato(cliente, url, "registro_laudo", laudo)
    assert r.status_code == 422
    assert "equipe" in r.text and "LTA-077/2026" in r.text
    r = _ato(cliente, url, "registro_laudo", {**laudo, "dados.acao_resposta.equipe": "2"})
    assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    assert "nível 3 — impacto ambiental grave" in pagina
    # o não comparecimento do intimado para a ciência do LTA (item 1.4.2 d), com a intimação
    assert 'data-form-ato="nao_comparecimento_ciencia_laudo"' in pagina
    assert 'name="dados.intimacao"' in pagina and 'name="dados.intimado_em"' in pagina
    assert "volume 1.200,50 L" in pagina
    # as estatísticas contam os autos de poluição à parte, pelo nível do último LTA
    estatisticas = cliente.get("/estatisticas", params={"de": "2026-03-01", "ate": "2026-03-31"})
    assert estatisticas.status_code == 200
    linha = re.search(
        r"Nível 3 — impacto ambiental grave</td><td class=\"num\">(\d+)", estatisticas.text
    )
    assert linha and int(linha.group(1)) >= 1
    csv = cliente.get("/estatisticas.csv", params={"de": "2026-03-01", "ate": "2026-03-31"})
    assert "poluicao_por_nivel;3;Nível 3 — impacto ambiental grave;" in csv.text


def test_retencao_clc_e_liberacao_pela_caucao_nas_paginas(cliente: TestClient) -> None:
    entrar(cliente, "autoridade.cpsc")
    url, _ = _abrir(cliente, **{"embarcacao.inscricao": "4010088888"})
    r = _ato(cliente, url, "retencao_clc", {
        "data_ato": "2026-03-02",
        "dados.toneladas_oleo_granel": "35.000,00",
        "dados.texto": "Certificado de Garantia Financeira ausente a bordo.",
    })  # fmt: skip
    assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    assert "Retido: 35.000,00 t de óleo a granel" in pagina
    painel = cliente.get("/painel").text
    assert "NT Itajaí" in painel[painel.index('id="retidas"') :]
    r = _ato(cliente, url, "liberacao_clc", {
        "data_ato": "2026-03-04",
        "dados.liberacao": "caucao_depositada",
        "dados.valor_caucao": "2.500.000,00",
        "dados.documento": "Comprovante de depósito 77",
    })  # fmt: skip
    assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    assert "R$ 2.500.000,00" in pagina and "Comprovante de depósito 77" in pagina


def test_auto_de_poluicao_da_demonstracao_na_consulta_publica_e_no_painel(
    cliente: TestClient, banco_demo: Any
) -> None:
    """A demonstração traz um auto de poluição julgado à revelia e notificado para pagamento,
    com o prazo vencido: o interessado o vê na consulta pública, com a infração do auto e a
    multa valorada; a OM, no painel, entre as multas vencidas."""
    from sqlalchemy import select

    from farol.store.orm import Pessoa, Processo

    with banco_demo.unit_of_work() as s:
        numero, documento = s.execute(
            select(Processo.numero, Pessoa.documento)
            .join(Pessoa, Pessoa.id == Processo.autuado_id)
            .where(Processo.regime == "poluicao", Processo.estado == "aguardando_pagamento")
        ).one()
    r = cliente.get("/consulta")
    r = cliente.post(
        "/consulta", data={"csrf": csrf_de(r.text), "numero": numero, "documento": documento}
    )
    assert r.status_code == 200
    assert "DECRETO-4136.36" in r.text
    assert "multa de R$ 15.000,00" in r.text and "LTA nível 2" in r.text
    assert "Notificado para pagamento" in r.text
    entrar(cliente, "autoridade.cpsc")
    painel = cliente.get("/painel").text
    multas = painel[painel.index('id="multas"') :]
    assert numero in multas
