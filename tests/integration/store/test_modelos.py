"""Tipos e restrições das tabelas: dinheiro exato, instantes UTC, CHECKs e UNIQUEs."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy.exc import IntegrityError, StatementError
from sqlalchemy.orm import Session

from farol.erros import EntradaInvalida
from farol.store.db import Banco
from farol.store.orm import (
    OM,
    AutoDeInfracao,
    DocumentoAnexo,
    Idempotencia,
    Pagamento,
    Pessoa,
    Prazo,
    Usuario,
)

from .conftest import AGORA, CNPJ_VALIDO, NovoProcesso

SAO_PAULO = ZoneInfo("America/Sao_Paulo")


def _reler(banco: Banco, modelo: type, ident: int) -> object:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.get_one(modelo, ident)


def test_dinheiro_volta_como_decimal_com_dois_decimais(
    banco: Banco, novo_processo: NovoProcesso
) -> None:
    processo = novo_processo()
    valores = [Decimal("1234.5"), Decimal("999999999999.99"), Decimal("0.10"), Decimal(40)]
    ids = []
    with banco.unit_of_work() as s:
        for v in valores:
            pagamento = Pagamento(
                processo_id=processo.id, valor=v, data=dt.date(2026, 4, 1), referencia="GRU"
            )
            s.add(pagamento)
            s.flush()
            ids.append(pagamento.id)
    lidos = [_reler(banco, Pagamento, i).valor for i in ids]  # type: ignore[attr-defined]
    assert lidos == [
        Decimal("1234.50"),
        Decimal("999999999999.99"),
        Decimal("0.10"),
        Decimal("40.00"),
    ]
    assert all(isinstance(v, Decimal) and v.as_tuple().exponent == -2 for v in lidos)


@pytest.mark.parametrize("valor", [12.5, Decimal("0.005")])
def test_dinheiro_recusa_float_e_fracao_de_centavo(
    banco: Banco, novo_processo: NovoProcesso, valor: object
) -> None:
    processo = novo_processo()
    with pytest.raises(StatementError) as erro, banco.unit_of_work() as s:
        s.add(
            Pagamento(
                processo_id=processo.id, valor=valor, data=dt.date(2026, 4, 1), referencia="GRU"
            )
        )
    assert isinstance(erro.value.orig, EntradaInvalida)


def test_instante_e_gravado_em_utc_e_volta_com_fuso(
    banco: Banco, novo_processo: NovoProcesso
) -> None:
    no_porto = dt.datetime(2026, 3, 10, 11, 30, 15, 123456, tzinfo=SAO_PAULO)
    with banco.unit_of_work() as s:
        anexo = DocumentoAnexo(
            processo_id=novo_processo().id,
            nome_arquivo="defesa.pdf",
            tipo_mime="application/pdf",
            sha256="0" * 64,
            conteudo=b"%PDF-1.7\x00\xff",
            criado_em=no_porto,
        )
        s.add(anexo)
    lido = _reler(banco, DocumentoAnexo, anexo.id)
    assert lido.criado_em == no_porto  # type: ignore[attr-defined]
    assert lido.criado_em.tzinfo == dt.UTC  # type: ignore[attr-defined]
    assert lido.criado_em.hour == 14  # type: ignore[attr-defined]
    assert lido.conteudo == b"%PDF-1.7\x00\xff"  # type: ignore[attr-defined]


def test_instante_sem_fuso_e_recusado(banco: Banco, usuario: Usuario) -> None:
    sem_fuso = dt.datetime(2026, 3, 10, 12, 0)
    with pytest.raises(StatementError, match="sem fuso horário"), banco.unit_of_work() as s:
        s.add(
            Idempotencia(
                chave="k",
                usuario_id=usuario.id,
                metodo="POST",
                rota="/processos",
                status_code=201,
                corpo={"id": 1},
                criado_em=sem_fuso,
            )
        )


@pytest.mark.parametrize(
    ("documento", "tipo"),
    [("5299822472", "fisica"), (CNPJ_VALIDO, "fisica"), ("52998224725", "juridica")],
)
def test_documento_que_nao_e_do_tipo_da_pessoa_e_recusado_pelo_banco(
    banco: Banco, documento: str, tipo: str
) -> None:
    with pytest.raises(IntegrityError, match=r"(?i)check"), banco.unit_of_work() as s:
        s.add(Pessoa(documento=documento, tipo=tipo, nome="Fulano"))


def test_documento_repetido_e_recusado(sessao: Session, pessoa: Pessoa) -> None:
    sessao.add(Pessoa(documento=pessoa.documento, tipo="fisica", nome="Outro"))
    with pytest.raises(IntegrityError):
        sessao.commit()


def test_papel_desconhecido_e_recusado_pelo_banco(banco: Banco, om: OM) -> None:
    with pytest.raises(IntegrityError, match=r"(?i)check"), banco.unit_of_work() as s:
        s.add(Usuario(login="almirante", nome="X", senha_hash="x", papel="almirante", om_id=om.id))


def test_usuario_nasce_ativo(banco: Banco, usuario: Usuario) -> None:
    assert _reler(banco, Usuario, usuario.id).ativo is True  # type: ignore[attr-defined]


def test_auto_de_infracao_e_unico_por_om_ano_e_sequencial(
    banco: Banco, om: OM, novo_processo: NovoProcesso
) -> None:
    processo = novo_processo()

    def auto(numero: str) -> AutoDeInfracao:
        return AutoDeInfracao(
            processo_id=processo.id,
            om_id=om.id,
            ano=2026,
            sequencial=7,
            numero=numero,
            lavrado_em=dt.date(2026, 3, 10),
        )

    with banco.unit_of_work() as s:
        s.add(auto("2026/CPSP/000007"))
    with pytest.raises(IntegrityError), banco.unit_of_work() as s:
        s.add(auto("2026/CPSP/000007-B"))


def test_fundamentos_e_dias_nao_uteis_voltam_iguais_do_json(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    from farol.store.auditoria import registrar_ato

    processo = novo_processo()
    fundamentos = [{"norma": "NORMAM-211", "dispositivo": "3.6.4 a)", "texto": "prazo de defesa"}]
    nao_uteis = [{"data": "2026-04-03", "motivo": "Sexta-feira Santa"}]
    with banco.unit_of_work() as s:
        ato = registrar_ato(
            s,
            s.merge(processo),
            tipo="ciencia",
            ator_id=usuario.id,
            papel="autoridade_competente",
            data_ato=dt.date(2026, 3, 10),
            payload={},
            registrado_em=AGORA,
        )
        prazo = Prazo(
            processo_id=processo.id,
            om_id=processo.om_id,
            ato_id=ato.id,
            etapa="defesa",
            regime="lesta",
            inicio=dt.date(2026, 3, 11),
            vencimento=dt.date(2026, 4, 1),
            contagem="uteis",
            dias=15,
            fundamentos=fundamentos,
            dias_nao_uteis=nao_uteis,
        )
        s.add(prazo)
    lido = _reler(banco, Prazo, prazo.id)
    assert lido.fundamentos == fundamentos  # type: ignore[attr-defined]
    assert lido.dias_nao_uteis == nao_uteis  # type: ignore[attr-defined]
    assert lido.cumprido is False and lido.encerrado_em is None  # type: ignore[attr-defined]
