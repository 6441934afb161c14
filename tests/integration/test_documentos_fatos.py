"""Nenhum documento inventa um fato (issue 15, itens 1 e 3): o que não foi registrado fica nulo
no banco e sai como linha em branco "________" para preencher à mão.

- Todo documento que se emite de um processo cuja embarcação foi salva sem comprimento, tipo
  e propulsão, numa OM sem endereço registrado: nenhum "6,00", a linha em branco no lugar.
- A migração 0019 não toca nas linhas gravadas (não há como saber quais 6,00 m eram o padrão)
  e não desce enquanto houver embarcação sem esses dados.
- `farol om endereco` registra o endereço da OM que os documentos imprimem.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from cli_util import rodar
from pypdf import PdfReader
from texto_humano import formatos_de_maquina

from farol.erros import ErroFarol
from farol.pdf import dados as d
from farol.services import custodias, documentos, inspecoes, processos
from farol.services.comandos import NovoAto
from farol.services.jurisdicao import ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco, criar_engine
from farol.store.migrar import atualizar_banco, configuracao_alembic, rebaixar_banco
from farol.store.orm import OM, Embarcacao, MedidaAdministrativa

URL = "https://farol.exemplo.mil.br"
LINHA = "________"
SEIS_METROS = re.compile(r"(?<![\d.])6[.,]00(?!\d)")
MIGRACAO = "0019"


def _texto(pdf: bytes) -> str:
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def _compacto(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


@pytest.fixture
def apreensao(banco: Banco) -> dict[str, Any]:
    """Embarcação sem inscrição apreendida (RLESTA.16.I), salva só com inscrição e nome."""
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        aut = criar_usuario(s, login="aut", nome="Autoridade", senha="x",
                            papel="autoridade_competente", om=om)  # fmt: skip
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410777777", "nome": "Siri Azul"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "navegando", "constatacoes": [{"infracao": "RLESTA.16.I"}],
        })  # fmt: skip
        r = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd)
        emb = s.execute(sa.select(Embarcacao)).scalar_one()
        assert (emb.tipo, emb.propulsao, emb.comprimento) == (None, None, None)
        # a custódia aberta pela apreensão, com lacre, e o edital (proprietário sem endereço)
        medida = s.execute(sa.select(MedidaAdministrativa.id).where(
            MedidaAdministrativa.processo_id == r.processos[0].id,
            MedidaAdministrativa.tipo == "apreensao_embarcacao",
        )).scalar_one()  # fmt: skip
        custodia = custodias.abrir_custodia(s, ator_do_usuario(s, insp), custodias.NovaCustodia.model_validate({
            "data_ato": "2026-09-01",
            "recolhimento": {"medida_id": medida, "local_guarda": "Pátio da CPSC",
                             "estado_na_chegada": "Casco íntegro, sem avarias aparentes.",
                             "lacres": [{"numero": "MB-1", "tipo": "lacre plástico numerado",
                                         "local_aplicacao": "ignição"}]},
        }))  # fmt: skip
        processos.registrar_ato(s, ator_do_usuario(s, aut), custodia.id, NovoAto(
            tipo="edital_regularizacao", data_ato=dt.date(2026, 10, 5),
            dados={"publicacao": "Quadro de avisos da CPSC"}))  # fmt: skip
        return {
            "pid": r.processos[0].id,
            "cid": custodia.id,
            "atores": [ator_do_usuario(s, aut), ator_do_usuario(s, insp)],
        }


def test_nenhum_documento_inventa_comprimento_tipo_propulsao_ou_endereco(
    banco: Banco, apreensao: dict[str, Any]
) -> None:
    emitidos: dict[str, str] = {}
    for tipo in d.TipoDocumento:
        for pid in (apreensao["pid"], apreensao["cid"]):
            for ator in apreensao["atores"]:
                try:
                    with banco.unit_of_work() as s:
                        doc = documentos.emitir(s, ator, pid, tipo.value, URL)
                        emitidos[tipo.value] = _texto(doc.conteudo)
                    break
                except ErroFarol:
                    continue
    # a Notificação e, da custódia, os documentos cujos atos já existem
    assert {"notificacao_comparecimento", "auto_de_apreensao", "tipo_de_lacre",
            "edital_convocacao"} <= set(emitidos)  # fmt: skip
    for tipo, texto in emitidos.items():
        assert SEIS_METROS.search(texto) is None, tipo
        assert "propulsão a" not in texto and "lancha" not in texto, tipo
        assert formatos_de_maquina(texto) == [], tipo
        compacto = _compacto(texto)
        # o cabeçalho: a rua em branco, não o município repetido no lugar dela
        assert _compacto(f"{LINHA} — Florianópolis/SC") in compacto, tipo
        if "EMBARCAÇÃO" in texto:
            assert _compacto(f"Comprimento {LINHA} m") in compacto, tipo
            assert _compacto(f"Propulsão {LINHA}") in compacto, tipo


def test_migracao_mantem_os_valores_gravados_e_nao_desce_com_fatos_nulos(
    url_banco_vazio: str,
) -> None:
    anterior = ScriptDirectory.from_config(configuracao_alembic()).get_revision(MIGRACAO)
    assert anterior is not None
    atualizar_banco(url_banco_vazio, str(anterior.down_revision))
    engine = criar_engine(url_banco_vazio)
    pessoa = sa.table("pessoa", sa.column("id"), sa.column("documento"), sa.column("tipo"),
                      sa.column("nome"), sa.column("nome_busca"))  # fmt: skip
    embarcacao = sa.table(
        "embarcacao", sa.column("id"), sa.column("inscricao"), sa.column("nome"),
        sa.column("nome_busca"), sa.column("tipo"), sa.column("propulsao"),
        sa.column("comprimento"), sa.column("proprietario_id"),
    )  # fmt: skip
    with engine.begin() as c:
        c.execute(sa.insert(pessoa).values(id=1, documento="52998224725", tipo="fisica",
                                           nome="José", nome_busca="jose"))  # fmt: skip
        # o antigo padrão: quem sabe se este 6,00 foi medido ou inventado? Fica como está.
        c.execute(sa.insert(embarcacao).values(
            id=1, inscricao="A1", nome="Antiga", nome_busca="antiga", tipo="lancha",
            propulsao="motor", comprimento="6.00", proprietario_id=1))  # fmt: skip
    atualizar_banco(url_banco_vazio, MIGRACAO)
    with engine.begin() as c:
        linha = c.execute(sa.select(embarcacao).where(embarcacao.c.id == 1)).one()
        assert (linha.tipo, linha.propulsao) == ("lancha", "motor")
        assert Decimal(str(linha.comprimento)) == Decimal("6.00")
        c.execute(sa.insert(embarcacao).values(
            id=2, inscricao="B2", nome="Nova", nome_busca="nova", proprietario_id=1))  # fmt: skip
    with pytest.raises(RuntimeError, match="1 embarcação"):
        rebaixar_banco(url_banco_vazio, str(anterior.down_revision))
    with engine.begin() as c:
        c.execute(sa.delete(embarcacao).where(embarcacao.c.id == 2))
    rebaixar_banco(url_banco_vazio, str(anterior.down_revision))
    engine.dispose()


def test_farol_om_endereco_registra_o_que_os_documentos_imprimem(
    banco: Banco, url_banco: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    with banco.unit_of_work() as s:
        criar_om(s, sigla="DELLAGUNA", nome="Delegacia da Capitania dos Portos em Laguna",
                 tipo="DL", uf="SC", municipio="Laguna")  # fmt: skip
    r = rodar(capsys, monkeypatch, "om", "endereco", "DELLAGUNA", "--endereco",
              "Rua Gustavo Richard, nº 50", "--bairro", "Centro", "--cep", "88790-000",
              "--database-url", url_banco)  # fmt: skip
    assert r.codigo == 0, r.stderr
    assert "DELLAGUNA: Rua Gustavo Richard, nº 50, Centro, CEP 88790-000" in r.stdout

    r = rodar(capsys, monkeypatch, "om", "endereco", "DELLAGUNA", "--cep", "8879",
              "--database-url", url_banco)  # fmt: skip
    assert r.codigo == 2
    assert r.stderr.startswith("erro: cep: ") and "8 dígitos" in r.stderr

    r = rodar(capsys, monkeypatch, "om", "endereco", "DELLAGUNA", "--telefone", "(48) 3644-0000",
              "--database-url", url_banco)  # fmt: skip
    assert r.codigo == 0, r.stderr
    with banco.unit_of_work(somente_leitura=True) as s:
        om = s.execute(sa.select(OM).where(OM.sigla == "DELLAGUNA")).scalar_one()
        # só o informado muda: o endereço de antes continua
        assert (om.endereco, om.bairro, om.cep, om.telefone) == (
            "Rua Gustavo Richard, nº 50", "Centro", "88790000", "(48) 3644-0000")  # fmt: skip

    r = rodar(capsys, monkeypatch, "om", "endereco", "XYZ", "--bairro", "Centro",
              "--database-url", url_banco)  # fmt: skip
    assert r.codigo == 2 and "OM “XYZ” não encontrada" in r.stderr
