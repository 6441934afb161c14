"""Documentos da custódia montados dos atos do processo de custódia (regime `custodia`).

Cada documento materializa um ato do quadro (procedimento_custodia.yaml, `documentos`): o
recolhimento dá o Auto de Apreensão, o Termo de Fiel Depositário e, com lacres, o Tipo de
Lacre; a aplicação de lacres, o Tipo de Lacre; a notificação pessoal (Anexo 3-C), a Notificação
para Retirada; o edital (Anexo 3-D), o Edital de Convocação; a entrega, o Termo de Entrega; o
edital de leilão e a designação do leiloeiro (NORMAM-07 item 0313, Anexos 3-G e 3-H), o Edital
de Leilão e a Portaria. Antes do ato, ou sem o fato que o documento declara, a emissão é
recusada (409). O prazo impresso é o que o motor gravou (tabela `prazo`), nunca recontado.

Calendário da CPSC (SC). Prazos da custódia em dias corridos, contados do dia seguinte ao da
notificação e prorrogados para o primeiro dia útil quando vencem sem expediente (prazos.yaml
`prazo.custodia.*`; Lei 9.784/1999 art. 66 §§ 1º e 2º). Conferidos à mão:

- notificação para sanar entregue em 08/06/2026 (segunda-feira): 90 dias de 09/06 → 06/09/2026,
  domingo; 07/09 é feriado nacional (Independência, Lei 662/1949) → vence na terça, 08/09/2026.
  (Contado da apreensão, 01/06, venceria em 30/08/2026.)
- edital para sanar afixado em 01/06/2026 (segunda-feira): 90 dias de 02/06 → 30/08/2026,
  domingo → vence na segunda, 31/08/2026; perdimento em 01/09/2026.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import dataclass
from typing import Any

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from farol.erros import Conflito, EntradaInvalida
from farol.services import custodias, documentos, inspecoes, processos
from farol.services.comandos import NovoAto
from farol.services.fotos_inspecao import FotoEnviada
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco
from farol.store.orm import MedidaAdministrativa, Prazo

URL = "https://farol.exemplo.mil.br"
CPF_DONO = "529.982.247-25"
ENDERECO = "Rua das Gaivotas, 10, Florianópolis/SC"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
RECOLHIMENTO = {
    "local_guarda": "Pátio da CPSC, Florianópolis",
    "estado_na_chegada": "Casco íntegro, motor de popa 40 HP, sem avarias aparentes.",
    "fiel_depositario": {"nome": "José da Silva", "documento": CPF_DONO,
                         "qualidade": "proprietario"},
    "lacres": [{"numero": "L-0001", "tipo": "lacre plástico numerado",
                "local_aplicacao": "chave de ignição"}],
}  # fmt: skip
ENTREGA = {
    "recebedor": {"nome": "José da Silva", "documento": CPF_DONO, "qualidade": "proprietario"},
    "declaracao": "Recebo a embarcação com um risco no costado de boreste; demais itens em ordem.",
}


def texto(pdf: bytes) -> str:
    return " ".join(
        " ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages
    )


@dataclass
class Cenario:
    banco: Banco
    insp: Ator
    aut: Ator
    lesta: int  # o processo sancionador da apreensão
    cid: int  # o processo de custódia

    def ato(self, tipo: str, data: str, dados: dict[str, Any] | None = None,
            ator: Ator | None = None) -> None:  # fmt: skip
        with self.banco.unit_of_work() as s:
            cmd = NovoAto(tipo=tipo, data_ato=dt.date.fromisoformat(data), dados=dados or {})
            processos.registrar_ato(s, ator or self.aut, self.cid, cmd)

    def emitir(self, tipo: str, pid: int | None = None, **extras: Any) -> tuple[str, str]:
        """(código de verificação, texto do PDF) do documento emitido."""
        with self.banco.unit_of_work() as s:
            doc = documentos.emitir(s, self.aut, pid or self.cid, tipo, URL, extras or None)
            return doc.codigo, texto(doc.conteudo)

    def recusa(self, tipo: str, **extras: Any) -> str:
        with self.banco.unit_of_work() as s, pytest.raises((Conflito, EntradaInvalida)) as e:
            documentos.emitir(s, self.aut, self.cid, tipo, URL, extras or None)
        assert e.value.campo in ("tipo", *(f"dados.{k}" for k in extras))
        return e.value.mensagem

    def prazo_gravado(self, etapa: str) -> Prazo:
        with self.banco.unit_of_work(somente_leitura=True) as s:
            return s.execute(
                select(Prazo).where(Prazo.processo_id == self.cid, Prazo.etapa == etapa)
            ).scalar_one()


def _cenario(banco: Banco, *, endereco: str | None, inscricao: str) -> Cenario:
    """Inspeção de 01/06/2026 (RLESTA.16.I navegando: apreensão e retirada de tráfego), com uma
    foto, e o recolhimento à guarda no mesmo dia, pelo inspetor."""
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = ator_do_usuario(s, criar_usuario(s, login="insp", nome="1ºSG Inspetor Naval",
                                                senha="x", papel="inspetor", om=om))  # fmt: skip
        aut = ator_do_usuario(s, criar_usuario(s, login="aut", nome="CT Autoridade Competente",
                                               senha="x", papel="autoridade_competente", om=om))  # fmt: skip
        proprietario: dict[str, Any] = {"documento": CPF_DONO, "nome": "José da Silva"}
        if endereco:
            proprietario["endereco"] = endereco
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": inscricao, "nome": "Siri Azul"},
            "proprietario": proprietario,
            "data_hora": "2026-06-01T10:00:00-03:00", "local": "Baía Norte, Florianópolis",
            "situacao": "navegando", "constatacoes": [{"infracao": "RLESTA.16.I"}],
        })  # fmt: skip
        foto = FotoEnviada(nome="popa.png", conteudo=PNG, descricao="Popa com a inscrição")
        r = inspecoes.registrar_inspecao(s, insp, cmd, [foto])
        lesta = r.processos[0].id
        medida = s.execute(
            select(MedidaAdministrativa.id).where(
                MedidaAdministrativa.processo_id == lesta,
                MedidaAdministrativa.tipo == "apreensao_embarcacao",
            )
        ).scalar_one()
        aberta = custodias.abrir_custodia(
            s,
            insp,
            custodias.NovaCustodia.model_validate(
                {"data_ato": "2026-06-01", "recolhimento": {**RECOLHIMENTO, "medida_id": medida}}
            ),
        )
        return Cenario(banco=banco, insp=insp, aut=aut, lesta=lesta, cid=aberta.id)


@pytest.fixture
def notificado(banco: Banco) -> Cenario:
    return _cenario(banco, endereco=ENDERECO, inscricao="4410777777")


@pytest.fixture
def desconhecido(banco: Banco) -> Cenario:
    return _cenario(banco, endereco=None, inscricao="4410888888")


def test_recolhimento_emite_auto_de_apreensao_com_fotos_estado_na_chegada_e_lacres(
    notificado: Cenario,
) -> None:
    _, auto = notificado.emitir("auto_de_apreensao")
    assert "AUTO DE APREENSÃO" in auto and "APREENDEU" in auto
    assert "Siri Azul" in auto and "Pátio da CPSC, Florianópolis" in auto
    assert "Casco íntegro, motor de popa 40 HP, sem avarias aparentes." in auto
    assert "REGISTRO FOTOGRÁFICO DA INSPEÇÃO" in auto
    assert "popa.png — Popa com a inscrição" in auto and "01/06/2026, às 10h00" in auto
    assert "L-0001" in auto and "chave de ignição" in auto
    assert "Fiel depositário".upper() in auto.upper() and "proprietário da embarcação" in auto
    assert "RLESTA.16.I" in auto
    _, termo = notificado.emitir("termo_fiel_depositario")
    assert "ASSUME O ENCARGO DE FIEL DEPOSITÁRIO" in termo and "José da Silva" in termo
    assert "-AA1" in termo  # o número do Auto de Apreensão (ato nº 1 da custódia)
    # o recolhimento lacrou: o Tipo de Lacre já se emite, com o lacre e a data
    _, lacre = notificado.emitir("tipo_de_lacre")
    assert "L-0001" in lacre and "01/06/2026" in lacre


def test_lacres_aplicados_depois_entram_no_tipo_de_lacre_com_a_data(notificado: Cenario) -> None:
    notificado.ato(
        "aplicacao_de_lacres",
        "2026-06-10",
        {"lacres": [{"numero": "L-0002", "tipo": "lacre metálico", "local_aplicacao": "motor"}]},
        ator=notificado.insp,
    )
    _, lacre = notificado.emitir("tipo_de_lacre")
    assert "EMBARCAÇÃO LACRADA" in lacre
    assert "L-0001" in lacre and "L-0002" in lacre and "10/06/2026" in lacre
    assert "-TL2" in lacre  # materializa o ato nº 2, a aplicação de lacres


def test_notificacao_so_depois_do_ato_e_com_o_prazo_gravado_que_cai_no_feriado(
    notificado: Cenario,
) -> None:
    erro = notificado.recusa("notificacao_retirada")
    assert "Notificação para Retirada de Embarcação: ainda não há neste processo" in erro
    assert "Notificação para sanar a irregularidade em 90 dias" in erro
    assert "Sob custódia da OM" in erro

    notificado.ato("notificacao_regularizacao", "2026-06-08", ator=notificado.insp)
    gravado = notificado.prazo_gravado("regularizacao")
    # 08/06 + 90 dias = 06/09/2026 (domingo); 07/09 feriado → terça, 08/09/2026
    assert gravado.vencimento == dt.date(2026, 9, 8)
    _, pdf = notificado.emitir("notificacao_retirada")
    assert f"{gravado.vencimento:%d/%m/%Y}" in pdf and "08/09/2026" in pdf
    assert "30/08/2026" not in pdf  # nada contado da apreensão
    assert "NOTIFICADO(A) A SANAR AS IRREGULARIDADES" in pdf
    assert "90 dias corridos, contados do dia seguinte ao recebimento desta notificação" in pdf
    assert "08/06/2026, data do recibo na 2ª via" in pdf
    assert "RECIBO (2ª VIA)" in pdf

    # notificado pessoalmente, não há edital
    erro = notificado.recusa("edital_convocacao")
    assert "o responsável foi notificado pessoalmente" in erro and "08/06/2026" in erro


def test_entrega_so_depois_do_termo_com_o_estado_declarado_e_os_pagamentos(
    notificado: Cenario,
) -> None:
    erro = notificado.recusa("termo_entrega_embarcacao")
    assert "Termo de Entrega de Embarcação: ainda não há neste processo" in erro
    notificado.ato("regularizacao", "2026-06-15", {"prova": "TIE emitido pela CPSC em 12/06."})
    notificado.ato("notificacao_retirada", "2026-06-16", ator=notificado.insp)
    _, retirada = notificado.emitir("notificacao_retirada")
    # 16/06 + 15 dias = 01/07/2026 (quarta-feira), o prazo gravado pela notificação para retirar
    assert notificado.prazo_gravado("retirada").vencimento == dt.date(2026, 7, 1)
    assert "NOTIFICADO(A) A RETIRAR" in retirada and "01/07/2026" in retirada
    despesa = {"item": "recolhimento", "valor": "200.00", "descricao": "Reboque",
               "comprovante": "NF 123"}  # fmt: skip
    notificado.ato("lancamento_de_despesa", "2026-06-16", despesa)
    notificado.ato("pagamento_custodia", "2026-06-18", {"valor": "200.00", "referencia": "GRU 9"})
    notificado.ato("termo_de_entrega", "2026-06-18", ENTREGA)
    _, termo = notificado.emitir("termo_entrega_embarcacao")
    assert "TERMO DE ENTREGA DE EMBARCAÇÃO" in termo
    assert ENTREGA["declaracao"] in termo
    assert "Casco íntegro" in termo  # o estado na chegada, para comparar
    assert "R$ 200,00" in termo and "duzentos reais" in termo and "GRU 9" in termo


def test_documento_verificado_pelo_codigo_do_qr(notificado: Cenario) -> None:
    codigo, pdf = notificado.emitir("auto_de_apreensao")
    achado = re.search(r"/verificar/([A-Z0-9-]{14})", pdf)
    assert achado is not None and achado.group(1) == codigo
    with notificado.banco.unit_of_work(somente_leitura=True) as s:
        info = documentos.verificar_codigo.na_sessao(s, achado.group(1))
    assert info.autentico and info.vigente
    assert info.tipo == "auto_de_apreensao" and info.titulo == "Auto de Apreensão"
    assert info.ato is not None and info.ato.seq == 1  # o recolhimento


def test_responsavel_desconhecido_edital_perdimento_edital_de_leilao_e_portaria(
    desconhecido: Cenario,
) -> None:
    c = desconhecido
    assert "ainda não há neste processo" in c.recusa("edital_convocacao")
    c.ato("edital_regularizacao", "2026-06-01", {"publicacao": "Quadro de avisos da CPSC"})
    # 01/06 + 90 dias = 30/08/2026 (domingo) → segunda, 31/08/2026
    assert c.prazo_gravado("regularizacao_edital").vencimento == dt.date(2026, 8, 31)
    _, edital = c.emitir("edital_convocacao")
    assert "FAZ SABER" in edital and "31/08/2026" in edital
    assert "Quadro de avisos da CPSC" in edital
    assert "publicação ou afixação deste Edital (01/06/2026)" in edital
    assert "ainda não há neste processo" in c.recusa("notificacao_retirada")

    assert "Edital de Leilão: ainda não há neste processo" in c.recusa("edital_leilao")
    c.ato("perdimento", "2026-09-01", {"fundamentacao": "Prazo do edital vencido em 31/08."})
    leilao = {"data_leilao": "2026-10-01", "local": "Sede da CPSC", "valor_avaliacao": "8000.00",
              "jornal": "Diário Catarinense"}  # fmt: skip
    c.ato("edital_leilao", "2026-09-10", leilao)
    assert "Portaria de Designação de Leiloeiro: ainda não há" in c.recusa("portaria_leiloeiro")
    _, el = c.emitir("edital_leilao")
    assert "EDITAL DE LEILÃO" in el and "LEILÃO PÚBLICO" in el
    assert "01/10/2026" in el and "Sede da CPSC" in el and "Diário Catarinense" in el
    assert "R$ 8.000,00" in el and "oito mil reais" in el
    assert "Prazo do edital vencido em 31/08." in el and "01/09/2026" in el
    assert "NORMAM-07/DPC item 0313" in el and "Edital de Leilão (ANEXO 3-G)" in el

    designacao = {"leiloeiro": {"nome": "Carlos Leiloeiro", "documento": "111.444.777-35"},
                  "matricula": "JUCESC 123", "portaria": "45/2026"}  # fmt: skip
    c.ato("designacao_leiloeiro", "2026-09-11", designacao)
    _, portaria = c.emitir("portaria_leiloeiro")
    assert "PORTARIA DE DESIGNAÇÃO DE LEILOEIRO" in portaria and "45/2026" in portaria
    assert "DESIGNAR Carlos Leiloeiro" in portaria and "JUCESC 123" in portaria
    assert "01/10/2026" in portaria and "-EL" in portaria  # o Edital de Leilão referido
    assert "NORMAM-07/DPC item 0313" in portaria and "ANEXO 3-H" in portaria


def test_documento_da_custodia_pedido_no_processo_sancionador_aponta_a_custodia(
    notificado: Cenario,
) -> None:
    with notificado.banco.unit_of_work() as s, pytest.raises(Conflito) as e:
        documentos.emitir(s, notificado.aut, notificado.lesta, "auto_de_apreensao", URL)
    assert "processo de custódia" in e.value.mensagem
    with notificado.banco.unit_of_work(somente_leitura=True) as s:
        tipos = documentos.tipos_do_regime("custodia")
    assert {"auto_de_apreensao", "edital_leilao", "portaria_leiloeiro"} <= {t.value for t in tipos}
    assert "auto_de_apreensao" not in {t.value for t in documentos.tipos_do_regime("lesta")}


def test_dados_avulsos_nao_substituem_o_ato(notificado: Cenario) -> None:
    lacres = [{"numero": "X-1", "tipo": "lacre", "local_aplicacao": "motor"}]
    erro = notificado.recusa("tipo_de_lacre", lacres=lacres)
    assert "só dos atos registrados" in erro


def test_bem_achado_nao_tem_auto_de_apreensao(banco: Banco) -> None:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = ator_do_usuario(s, criar_usuario(s, login="insp", nome="Inspetor", senha="x",
                                                papel="inspetor", om=om))  # fmt: skip
        aut = ator_do_usuario(s, criar_usuario(s, login="aut", nome="Autoridade", senha="x",
                                               papel="autoridade_competente", om=om))  # fmt: skip
        achado = custodias.NovaCustodia.model_validate({
            "data_ato": "2026-06-05",
            "recolhimento": {"bem": "Bote inflável cinza, 3 m", "local_do_achado": "Joaquina",
                             "local_guarda": "Depósito da CPSC",
                             "estado_na_chegada": "Bote murcho, com areia, sem motor."},
        })  # fmt: skip
        cid = custodias.abrir_custodia(s, insp, achado).id
    with banco.unit_of_work() as s, pytest.raises(Conflito) as e:
        documentos.emitir(s, aut, cid, "auto_de_apreensao", URL)
    assert "bem achado" in e.value.mensagem and "sem apreensão" in e.value.mensagem
